import type { AuthResponse, CurrentUserResponse, Problem } from '@app/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createUser, startTestServer, type TestServer } from '../../../../test/index.ts';
import { findLedgerMismatches, Transaction } from '../../ledger/index.ts';
import { AdminSettings } from '../../settings/index.ts';
import { User } from '../../users/index.ts';
import { parsePhc } from '../password/password.ts';

type Registered = z.infer<typeof AuthResponse>;

describe('POST /api/auth/register', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  beforeEach(() => server.orm.em.fork().nativeUpdate(AdminSettings, { id: 1 }, { startCredits: 0 }));

  const register = (body: unknown) => server.request<Registered & Problem>('POST', '/api/auth/register', { body });

  it('creates the account, answers 201 with the user, and does not sign in', async () => {
    const res = await register({ username: 'alice', email: 'alice@example.com', password: 'secret1' });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ username: 'alice', email: 'alice@example.com', credits: 0, isAdmin: false, isActive: true });
    expect(res.cookies.filter((cookie) => cookie.startsWith('sid='))).toEqual([]);
    const me = await server.request<z.infer<typeof CurrentUserResponse>>('GET', '/api/auth/current-user');
    expect(me.body.user).toBeNull();
  });

  it('never sends the password or its hash', async () => {
    const res = await register({ username: 'hidden_pw', password: 'secret-value' });
    expect(res.text).not.toMatch(/argon2|secret-value|password/i);
  });

  it('stores an argon2id hash at the OWASP minimums', async () => {
    const res = await register({ username: 'hashed', password: 'secret1' });
    const row = await server.orm.em.fork().findOneOrFail(User, { id: res.body.user.id }, { populate: ['passwordHash'] });
    const parsed = parsePhc(row.passwordHash);
    expect(row.passwordHash.startsWith('$argon2id$v=19$')).toBe(true);
    expect(parsed?.params.memory).toBeGreaterThanOrEqual(19_456);
    expect(parsed?.params.passes).toBeGreaterThanOrEqual(2);
    expect(parsed?.params.parallelism).toBe(1);
    expect(parsed?.salt.length).toBe(16);
  });

  it('trims the username and stores an empty email as null', async () => {
    const res = await register({ username: '  spaced  ', email: '', password: 'secret1' });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ username: 'spaced', email: null });
  });

  it('answers 409 with a field pointer for a username taken in any letter case (or width)', async () => {
    await createUser(server, { username: 'Bob' });
    for (const username of ['bob', 'BOB', 'Ｂｏｂ']) {
      const res = await register({ username, password: 'secret1' });
      expect(res.status).toBe(409);
      expect(res.body.errors).toEqual([{ pointer: '/body/username', detail: 'Username is already taken' }]);
    }
    expect(await server.orm.em.fork().count(User, { usernameKey: 'bob' })).toBe(1);
  });

  it('answers 400 with the spec messages on every bad field at once', async () => {
    const res = await register({ username: 'ab', email: 'not-an-email', password: '12345' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { pointer: '/body/username', detail: 'Username must be at least 3 characters' },
        { pointer: '/body/email', detail: 'Invalid email address' },
        { pointer: '/body/password', detail: 'Password must be at least 6 characters' },
      ]),
    );
  });

  it('answers 400 for missing fields and characters a username may not hold', async () => {
    const missing = await register({});
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.map((e) => e.pointer).sort()).toEqual(['/body/password', '/body/username']);
    const odd = await register({ username: 'a b<c>', password: 'secret1' });
    expect(odd.body.errors?.[0]?.pointer).toBe('/body/username');
  });

  it('grants the start credits as a bonus ledger entry keyed signup:<id>, and the books balance', async () => {
    await server.orm.em.fork().nativeUpdate(AdminSettings, { id: 1 }, { startCredits: 25 });
    const res = await register({ username: 'carol', password: 'secret1' });
    expect(res.body.user.credits).toBe(25);
    const em = server.orm.em.fork();
    const entries = await em.find(Transaction, { user: res.body.user.id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: 'bonus', amount: 25, balanceAfter: 25, businessKey: `signup:${res.body.user.id}` });
    expect(await findLedgerMismatches(em)).toEqual([]);
  });

  it('writes no ledger entry when the start credits are 0', async () => {
    const res = await register({ username: 'dave', password: 'secret1' });
    expect(res.body.user.credits).toBe(0);
    expect(await server.orm.em.fork().count(Transaction, { user: res.body.user.id })).toBe(0);
  });
});
