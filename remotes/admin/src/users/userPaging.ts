/** Users per page in the dashboard table (spec 001 §9). */
export const USERS_PER_PAGE = 10;
/** At most this many numbered page buttons between Previous and Next (spec 001 §2). */
export const MAX_PAGE_BUTTONS = 5;

/** Case-insensitive substring match on the username or the email (an absent email never matches). */
export function filterUsers<T extends { username: string; email: string | null }>(users: readonly T[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...users];
  return users.filter((user) => user.username.toLowerCase().includes(needle) || user.email?.toLowerCase().includes(needle));
}

export function pageCountOf(total: number, perPage = USERS_PER_PAGE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The page's slice of the list (1-based page). */
export function pageOf<T>(items: readonly T[], page: number, perPage = USERS_PER_PAGE): T[] {
  return items.slice((page - 1) * perPage, page * perPage);
}

/** Up to five consecutive page numbers, keeping the current page centred where possible. */
export function pageButtons(page: number, pageCount: number, max = MAX_PAGE_BUTTONS): number[] {
  const count = Math.min(max, pageCount);
  const start = Math.min(Math.max(1, page - Math.floor(max / 2)), pageCount - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** The 1-based first and last row shown, for 'Showing X to Y of Z'; 0 to 0 when empty. */
export function shownRange(page: number, total: number, perPage = USERS_PER_PAGE): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  return { from: (page - 1) * perPage + 1, to: Math.min(page * perPage, total) };
}
