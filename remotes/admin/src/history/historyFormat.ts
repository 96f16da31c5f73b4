/** Admin history rows per page (spec 001 §9). */
export const HISTORY_PAGE_SIZE = 20;
/** Admin descriptions are cut here (spec 001 §9); the full text stays in a tooltip. */
export const DESCRIPTION_MAX = 50;

/** The first 50 characters followed by '...', or the text itself when it is short enough. */
export function truncateDescription(text: string, max = DESCRIPTION_MAX): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
