import { describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, type CurrentUser, parseSavedUser, readSavedUser, saveUser } from './savedSession.ts';

const ann: CurrentUser = {
  id: '0b9a4a4e-6c1f-4d55-9d7e-3c1f1f3c2a10',
  username: 'ann',
  email: null,
  credits: 40,
  lowBalanceThreshold: null,
  isAdmin: false,
  isActive: true,
  createdAt: '2024-05-01T10:00:00.000Z',
};

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value), data };
}

const blocked = {
  getItem: (): string | null => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

describe('the session saved under auth-storage', () => {
  it('reads a saved user, and a saved visitor as null', () => {
    expect(readSavedUser(memoryStorage({ [AUTH_STORAGE_KEY]: JSON.stringify({ user: ann, isAuthenticated: true }) }))).toEqual(ann);
    expect(readSavedUser(memoryStorage({ [AUTH_STORAGE_KEY]: JSON.stringify({ user: null, isAuthenticated: false }) }))).toBeNull();
  });

  it('knows nothing from an absent, broken or foreign value, so the page waits for the server', () => {
    expect(readSavedUser(memoryStorage())).toBeUndefined();
    expect(parseSavedUser('{not json')).toBeUndefined();
    expect(parseSavedUser(JSON.stringify({ user: { name: 'x' }, isAuthenticated: true }))).toBeUndefined();
    expect(parseSavedUser(JSON.stringify({ user: null }))).toBeUndefined();
    expect(parseSavedUser('null')).toBeUndefined();
  });

  it('saves {user, isAuthenticated} with isAuthenticated derived from the user', () => {
    const storage = memoryStorage();
    saveUser(ann, storage);
    expect(JSON.parse(storage.data.get(AUTH_STORAGE_KEY) ?? '')).toEqual({ user: ann, isAuthenticated: true });
    saveUser(null, storage);
    expect(JSON.parse(storage.data.get(AUTH_STORAGE_KEY) ?? '')).toEqual({ user: null, isAuthenticated: false });
  });

  it('works when storage is blocked or full', () => {
    expect(readSavedUser(blocked)).toBeUndefined();
    expect(() => saveUser(ann, blocked)).not.toThrow();
  });
});
