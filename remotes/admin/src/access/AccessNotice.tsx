import { Card } from '@app/ui';
import type { ReactNode } from 'react';
import './access.css';

interface AccessNoticeProps {
  title: string;
  body: string;
  /** Buttons under the text (Log In, Go Home). */
  actions?: ReactNode;
  testId: string;
}

/** A centred card that takes the page's `<h1>` when the visitor may not see an admin page. */
export function AccessNotice({ title, body, actions, testId }: AccessNoticeProps) {
  return (
    <div className="ui-container ui-page">
      <Card className="admin-access" role="alert" data-testid={testId}>
        <div className="admin-access-icon">
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" />
          </svg>
        </div>
        <h1>{title}</h1>
        <p className="ui-muted">{body}</p>
        {actions && <div className="admin-access-actions">{actions}</div>}
      </Card>
    </div>
  );
}
