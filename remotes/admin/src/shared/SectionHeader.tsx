import type { ReactNode } from 'react';
import './shared.css';

interface SectionHeaderProps {
  title: string;
  description?: string;
  /** Buttons aligned to the end of the heading row (Add, Refresh). */
  actions?: ReactNode;
}

/** The `<h2>` of a dashboard section with its one-line explanation. */
export function SectionHeader({ title, description, actions }: SectionHeaderProps) {
  return (
    <header className="admin-section-header">
      <div>
        <h2>{title}</h2>
        {description && <p className="ui-muted">{description}</p>}
      </div>
      {actions && <div className="admin-section-actions">{actions}</div>}
    </header>
  );
}
