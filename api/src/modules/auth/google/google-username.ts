// A readable, valid username for a new Google account, from the email or the name.
import { randomInt } from 'node:crypto';

const MIN = 3;
/** Leaves room for a `_1234` suffix within the 50-character limit. */
const BASE_MAX = 40;

/** `ann.lee@example.com` -> `ann.lee`; `Ann Lee` -> `AnnLee`; nothing usable -> `user`. */
export function usernameBase(identity: { email: string | null; name: string | null }): string {
  const pick = (value: string | null | undefined) =>
    (value ?? '')
      .normalize('NFKC')
      // Only characters the username rule accepts; `@` is dropped so it never looks like an email.
      .replace(/[^\p{L}\p{N}_.-]/gu, '')
      .slice(0, BASE_MAX);
  const base = pick(identity.email?.split('@')[0]) || pick(identity.name) || 'user';
  return base.length >= MIN ? base : `${base}_user`;
}

/** The n-th candidate: the base first, then the base with a random 4-digit suffix. */
export function usernameCandidate(base: string, attempt: number): string {
  return attempt === 0 ? base : `${base}_${randomInt(1000, 10_000)}`;
}
