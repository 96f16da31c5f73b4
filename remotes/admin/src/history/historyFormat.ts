/** Admin history rows per page (spec 001 §9). */
export const HISTORY_PAGE_SIZE = 20;
/** Admin descriptions are cut here (spec 001 §9); the full text stays in a tooltip. */
export const DESCRIPTION_MAX = 50;

/** The first 50 characters followed by '...', or the text itself when it is short enough. */
export function truncateDescription(text: string, max = DESCRIPTION_MAX): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** A credit change with its sign: '+1,200' for purchases and refunds, '-5' for usage, '0' for nothing. */
export function signedAmount(amount: number, format: (value: number) => string): string {
  if (amount > 0) return `+${format(amount)}`;
  if (amount < 0) return `-${format(-amount)}`;
  return format(0);
}
