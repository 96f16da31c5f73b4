import type { components } from '../generated/schema.d.ts';

export type CurrentUser = components['schemas']['CurrentUser'];

/**
 * The spec's client auth store (spec 000 §3): `{ user, isAuthenticated }` in browser storage under `auth-storage`.
 * Here it is a cache of the session, written with each answer: a returning visitor's first frame draws the user it
 * holds (or a visitor) instead of waiting for the server, so the header does not flip from Sign In to the account.
 */
export const AUTH_STORAGE_KEY = 'auth-storage';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

const isUser = (value: unknown): value is CurrentUser =>
  typeof value === 'object' && value !== null && typeof (value as { username?: unknown }).username === 'string';

/** What a saved value says: a user, null for a visitor, undefined when it says nothing usable (absent, broken, foreign). */
export function parseSavedUser(raw: string | null): CurrentUser | null | undefined {
  if (!raw) return undefined;
  try {
    const saved = JSON.parse(raw) as { user?: unknown; isAuthenticated?: unknown };
    if (isUser(saved.user)) return saved.user;
    return saved.user === null && saved.isAuthenticated === false ? null : undefined;
  } catch {
    return undefined;
  }
}

function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The copy saved at the last visit (blocked or missing storage: nothing). */
export function readSavedUser(storage = browserStorage()): CurrentUser | null | undefined {
  try {
    return parseSavedUser(storage?.getItem(AUTH_STORAGE_KEY) ?? null);
  } catch {
    return undefined;
  }
}

/** Saves an answer; `isAuthenticated` is derived, never stored on its own. */
export function saveUser(user: CurrentUser | null, storage = browserStorage()): void {
  try {
    storage?.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user, isAuthenticated: user !== null }));
  } catch {
    // Storage can be full or blocked; the page still knows the session.
  }
}
