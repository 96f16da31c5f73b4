import type { components } from '@app/api-client';

export type CurrentUser = components['schemas']['CurrentUser'];

/** What the browser remembers between visits (spec 000 §3): the user and whether one is signed in. */
export interface AuthState {
  user: CurrentUser | null;
  isAuthenticated: boolean;
}

/** The browser storage key the spec names. */
export const AUTH_STORAGE_KEY = 'auth-storage';

const SIGNED_OUT: AuthState = { user: null, isAuthenticated: false };

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

function isUser(value: unknown): value is CurrentUser {
  return typeof value === 'object' && value !== null && typeof (value as { username?: unknown }).username === 'string';
}

/** Reads a saved state, tolerating anything a previous version or another tab may have left there. */
export function parseAuthState(raw: string | null): AuthState {
  if (!raw) return SIGNED_OUT;
  try {
    const saved = JSON.parse(raw) as { user?: unknown };
    return isUser(saved.user) ? { user: saved.user, isAuthenticated: true } : SIGNED_OUT;
  } catch {
    return SIGNED_OUT;
  }
}

export interface AuthStore {
  get(): AuthState;
  /** Replaces the user (null signs out); `isAuthenticated` is derived, never set on its own. */
  setUser(user: CurrentUser | null): void;
  subscribe(listener: () => void): () => void;
}

/** A tiny external store for `useSyncExternalStore`, persisted to `storage` when there is one. */
export function createAuthStore(storage: KeyValueStorage | undefined): AuthStore {
  let state = parseAuthState(read(storage));
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    setUser(user) {
      if (JSON.stringify(user) === JSON.stringify(state.user)) return;
      state = user ? { user, isAuthenticated: true } : SIGNED_OUT;
      write(storage, state);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function read(storage: KeyValueStorage | undefined): string | null {
  try {
    return storage?.getItem(AUTH_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

function write(storage: KeyValueStorage | undefined, state: AuthState): void {
  try {
    storage?.setItem(AUTH_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage can be full or blocked; the in-memory state still applies to this page.
  }
}

function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The page's one store: the header reads it, every current-user answer writes it. */
export const authStore = createAuthStore(browserStorage());
