import type { HTMLAttributes } from 'react';
import { cx } from './cx.ts';
import './Card.css';

export interface CardProps extends HTMLAttributes<HTMLDivElement> {
  /** Lifts on hover, for cards that are clickable as a whole. */
  interactive?: boolean;
  /** Draws the card with the brand outline (e.g. the most popular package). */
  highlighted?: boolean;
}

/** A surface for grouped content. */
export function Card({ interactive, highlighted, className, ...props }: CardProps) {
  return (
    <div
      {...props}
      className={cx('ui-Card', className)}
      data-interactive={interactive || undefined}
      data-highlighted={highlighted || undefined}
    />
  );
}
