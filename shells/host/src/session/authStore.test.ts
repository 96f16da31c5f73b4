import { describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, type CurrentUser, createAuthStore, parseAuthState } from './authStore.ts';

const ann: CurrentUser = {
  id: '0b9a4a4e-6c1f-4d55-9d7e-3c1f1f3c2a10',
  username: 'ann',
  email: null,
  credits: 40,
  isAdmin: false,
  isActive: true,
  createdAt: '2024-05-01T10:00:00.000Z',
};

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value), data };
}

describe('auth store', () => {
  it('starts from what the browser saved under auth-storage', () => {
    const storage = memoryStorage({ [AUTH_STORAGE_KEY]: JSON.stringify({ user: ann, isAuthenticated: true }) });
    expect(createAuthStore(storage).get()).toEqual({ user: ann, isAuthenticated: true });
  });

  it('saves {user, isAuthenticated} on every change and tells subscribers', () => {
    const storage = memoryStorage();
    const store = createAuthStore(storage);
    let calls = 0;
    store.subscribe(() => calls++);
    store.setUser(ann);
    expect(JSON.parse(storage.data.get(AUTH_STORAGE_KEY)!)).toEqual({ user: ann, isAuthenticated: true });
    store.setUser(null);
    expect(JSON.parse(storage.data.get(AUTH_STORAGE_KEY)!)).toEqual({ user: null, isAuthenticated: false });
    expect(calls).toBe(2);
  });

  it('does not notify when an answer repeats the same user', () => {
    const store = createAuthStore(memoryStorage());
    store.setUser(ann);
    let calls = 0;
    store.subscribe(() => calls++);
    store.setUser({ ...ann });
    expect(calls).toBe(0);
    store.setUser({ ...ann, credits: 35 });
    expect(calls).toBe(1);
    expect(store.get().user?.credits).toBe(35);
  });

  it('treats broken or foreign saved values as signed out', () => {
    expect(parseAuthState('{not json')).toEqual({ user: null, isAuthenticated: false });
    expect(parseAuthState(JSON.stringify({ user: { name: 'x' }, isAuthenticated: true }))).toEqual({ user: null, isAuthenticated: false });
    expect(parseAuthState(null).isAuthenticated).toBe(false);
  });

  it('works without storage (blocked or server-side)', () => {
    const store = createAuthStore(undefined);
    store.setUser(ann);
    expect(store.get().isAuthenticated).toBe(true);
  });
});
