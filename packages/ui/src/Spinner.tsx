import { useT } from '@app/i18n';
import { ProgressBar } from 'react-aria-components';
import { cx } from './cx.ts';
import './Spinner.css';

export interface SpinnerProps {
  /** @default 'md' */
  size?: 'sm' | 'md' | 'lg';
  /** Accessible label; defaults to "Loading…". */
  label?: string;
  className?: string;
}

/** An indeterminate progress indicator, announced to screen readers. */
export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const t = useT();
  return (
    <ProgressBar isIndeterminate aria-label={label ?? t('common.loading')} className={cx('ui-Spinner', className)} data-size={size}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" strokeWidth="3" className="ui-Spinner-track" />
        <path d="M21 12a9 9 0 0 0-9-9" fill="none" strokeWidth="3" strokeLinecap="round" className="ui-Spinner-arc" />
      </svg>
    </ProgressBar>
  );
}
