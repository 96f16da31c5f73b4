import { Card } from '@app/ui';
import type { ReactNode } from 'react';
import './recovery.css';

interface ActionCardProps {
  testId: string;
  title: string;
  description: string;
  /** The outcome of the last run, shown under the action until the next one. */
  result?: string | null;
  tone?: 'neutral' | 'danger';
  children: ReactNode;
}

/** A maintenance action: what it does, its control and the last result. */
export function ActionCard({ testId, title, description, result, tone = 'neutral', children }: ActionCardProps) {
  return (
    <Card className="admin-action-card" data-testid={testId} data-tone={tone}>
      <h3>{title}</h3>
      <p className="ui-muted">{description}</p>
      <div className="admin-action-body">{children}</div>
      {result && (
        <p className="admin-action-result" role="status">
          {result}
        </p>
      )}
    </Card>
  );
}
