import { describe, expect, it } from 'vitest';
import { createBody, draftOfUser, updateBody } from './userDraft.ts';
import type { AdminUser } from './userTypes.ts';

const alice: AdminUser = {
  id: '0b9a4a4e-6c1f-4d55-9d7e-3c1f1f3c2a10',
  username: 'alice',
  email: 'alice@example.com',
  credits: 120,
  isAdmin: false,
  isActive: true,
  googleLinked: false,
  imageCount: 3,
  createdAt: '2024-01-01T00:00:00.000Z',
  lastLoginAt: null,
};

describe('user dialog bodies', () => {
  it('sends nothing for an untouched user', () => {
    expect(updateBody(alice, draftOfUser(alice))).toEqual({});
  });

  it('sends only the changed fields, an emptied email as null and a typed password', () => {
    const draft = { ...draftOfUser(alice), email: '  ', credits: 50, isAdmin: true, password: 'secret12' };
    expect(updateBody(alice, draft)).toEqual({ email: null, credits: 50, isAdmin: true, password: 'secret12' });
  });

  it('creates with every field, trimming the username', () => {
    const body = createBody({ username: ' bob ', email: '', password: 'secret12', credits: 10, isActive: true, isAdmin: false });
    expect(body).toEqual({ username: 'bob', email: null, password: 'secret12', credits: 10, isActive: true, isAdmin: false });
  });
});
