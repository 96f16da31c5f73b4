// Test helpers for accounts: users, session cookies and API tokens straight in the database, plus the
// real login call. Session and token helpers skip the HTTP rate limits, so tests can sign in freely.
import { randomBytes } from 'node:crypto';
import type { Orm } from '../src/db/orm.ts';
import { createSession, createUser as insertUser, passwords, SESSION_COOKIE } from '../src/modules/auth/index.ts';
import { applyLedgerEntry } from '../src/modules/ledger/index.ts';
import { createApiToken } from '../src/modules/tokens/index.ts';
import { User } from '../src/modules/users/index.ts';
import type { TestResponse, TestServer } from './types.ts';

type WithOrm = { orm: Orm };
type WithConfig = WithOrm & Pick<TestServer, 'config'>;

export interface TestUser {
  id: string;
  username: string;
  /** The plain password, for login calls. */
  password: string;
}

export interface CreateUserOptions {
  /** Default: a unique `user_<hex>`. */
  username?: string;
  /** Default: `password123`. */
  password?: string;
  email?: string | null;
  isAdmin?: boolean;
  /** `false` creates a disabled user. */
  isActive?: boolean;
  /** Sets the balance through the ledger (an `adjustment` entry), so balance and ledger stay equal. */
  credits?: number;
}

/** Creates a user the way registration does (hashed password, start credits from the settings). */
export async function createUser(server: WithOrm, options: CreateUserOptions = {}): Promise<TestUser> {
  const username = options.username ?? `user_${randomBytes(4).toString('hex')}`;
  const password = options.password ?? 'password123';
  const em = server.orm.em.fork();
  const user = await insertUser(em, {
    username,
    passwordHash: await passwords.hash(password),
    email: options.email ?? null,
    isAdmin: options.isAdmin ?? false,
  });
  if (options.credits !== undefined && options.credits !== user.credits) {
    const result = await applyLedgerEntry(em, {
      userId: user.id,
      amount: options.credits - user.credits,
      type: 'adjustment',
      businessKey: `test-credits:${user.id}:${randomBytes(4).toString('hex')}`,
      description: 'Test balance',
    });
    if (!result.applied) throw new Error(`could not set test credits: ${result.reason}`);
  }
  if (options.isActive === false) await em.nativeUpdate(User, { id: user.id }, { isActive: false });
  return { id: user.id, username: user.username, password };
}

/** A signed-in session for the user, as a `Cookie` header value (`sid=...`). */
export async function signIn(server: WithConfig, user: Pick<TestUser, 'id'>): Promise<string> {
  const sid = await createSession(server.orm.em.fork(), user.id, server.config.sessions);
  return `${SESSION_COOKIE}=${sid}`;
}

/** A new API token of the user (the full `nbk_...` value, for `Authorization: Bearer`). */
export async function createToken(server: WithOrm, user: Pick<TestUser, 'id'>, name = 'Test token'): Promise<string> {
  return (await createApiToken(server.orm.em.fork(), user.id, name)).token;
}

/** The `sid=...` pair a response set, or undefined (a cleared cookie counts as none). */
export function sessionCookieOf(response: Pick<TestResponse, 'cookies'>): string | undefined {
  const line = response.cookies.filter((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`)).at(-1);
  const pair = line?.split(';')[0];
  return pair && pair !== `${SESSION_COOKIE}=` ? pair : undefined;
}

/** Signs in through `POST /api/auth/login` (rate limits apply); returns the answer and the new cookie. */
export async function login(
  server: Pick<TestServer, 'request'>,
  username: string,
  password: string,
  cookie?: string,
): Promise<{ response: TestResponse; cookie: string | undefined }> {
  const response = await server.request('POST', '/api/auth/login', { body: { username, password }, cookie });
  return { response, cookie: sessionCookieOf(response) };
}
