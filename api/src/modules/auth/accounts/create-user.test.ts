import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/index.ts';
import { findLedgerMismatches, Transaction } from '../../ledger/index.ts';
import { AdminSettings } from '../../settings/index.ts';
import { User, usernameKey } from '../../users/index.ts';
import { NO_PASSWORD } from '../password/password.ts';
import { createUser, signupBonusKey, UserConflictError } from './create-user.ts';

describe('createUser', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  beforeEach(() => server.orm.em.fork().nativeUpdate(AdminSettings, { id: 1 }, { startCredits: 7 }));

  const em = () => server.orm.em.fork();

  it('stores the user with its username key and the start credits from the settings', async () => {
    const user = await createUser(em(), { username: ' Zoë ', passwordHash: NO_PASSWORD, email: '' });
    expect(user).toMatchObject({ username: 'Zoë', usernameKey: 'zoë', email: null, credits: 7, isAdmin: false, isActive: true });
    const [entry] = await em().find(Transaction, { user: user.id });
    expect(entry).toMatchObject({ type: 'bonus', amount: 7, businessKey: signupBonusKey(user.id) });
    expect(await findLedgerMismatches(em())).toEqual([]);
  });

  it('throws UserConflictError(username) when the key is taken, even if the pre-check was skipped, and writes nothing', async () => {
    await createUser(em(), { username: 'Twin', passwordHash: NO_PASSWORD });
    const users = await em().count(User);
    const entries = await em().count(Transaction);
    const error = await createUser(em(), { username: 'TWIN', passwordHash: NO_PASSWORD }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserConflictError);
    expect((error as UserConflictError).field).toBe('username');
    expect(await em().count(User)).toBe(users);
    expect(await em().count(Transaction)).toBe(entries);
  });

  it('throws UserConflictError(googleId) for a Google account that already has a user', async () => {
    await createUser(em(), { username: 'g_one', passwordHash: NO_PASSWORD, googleId: 'sub-1' });
    const error = await createUser(em(), { username: 'g_two', passwordHash: NO_PASSWORD, googleId: 'sub-1' }).catch((e: unknown) => e);
    expect((error as UserConflictError).field).toBe('googleId');
  });

  it('the database refuses a negative balance', async () => {
    const user = await createUser(em(), { username: 'no_debt', passwordHash: NO_PASSWORD });
    await expect(em().nativeUpdate(User, { id: user.id }, { credits: -1 })).rejects.toThrow(/users_credits_non_negative/);
  });
});

describe('usernameKey', () => {
  it('ignores case, surrounding spaces and full-width forms', () => {
    expect(usernameKey(' Alice ')).toBe('alice');
    expect(usernameKey('ＡＬＩＣＥ')).toBe('alice');
    expect(usernameKey('alice')).not.toBe(usernameKey('alice2'));
  });
});
