import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import './PageHeader.css';

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons or links aligned to the end of the heading row. */
  actions?: ReactNode;
  className?: string;
}

/** The one `<h1>` of a page, with an optional subtitle and actions. */
export function PageHeader({ title, subtitle, actions, className }: PageHeaderProps) {
  return (
    <header className={cx('ui-PageHeader', className)}>
      <div className="ui-PageHeader-text">
        <h1 className="ui-PageHeader-title">{title}</h1>
        {subtitle && <p className="ui-PageHeader-subtitle">{subtitle}</p>}
      </div>
      {actions && <div className="ui-PageHeader-actions">{actions}</div>}
    </header>
  );
}
