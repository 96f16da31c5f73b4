import type { HTMLAttributes } from 'react';
import { cx } from './cx.ts';
import './Badge.css';

export type BadgeVariant = 'neutral' | 'primary' | 'success' | 'warning' | 'danger' | 'info' | 'accent';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  /** @default 'neutral' */
  variant?: BadgeVariant;
}

/** A small status or label pill (HD, API, Most Popular, task status). */
export function Badge({ variant = 'neutral', className, ...props }: BadgeProps) {
  return <span {...props} data-variant={variant} className={cx('ui-Badge', className)} />;
}
