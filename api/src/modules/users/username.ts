// How usernames compare: case-insensitively, after Unicode compatibility normalization.

/** Longest username (and username key) the `users` table holds. */
export const USERNAME_MAX = 50;

/**
 * The lower-cased NFKC form stored in `users.username_key` (unique). `Alice`, `ALICE` and `ａｌｉｃｅ`
 * (full-width) all give `alice`, so none can impersonate another.
 */
export function usernameKey(username: string): string {
  return username.trim().normalize('NFKC').toLowerCase();
}
