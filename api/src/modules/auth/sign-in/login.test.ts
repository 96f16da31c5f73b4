import type { AuthResponse, CurrentUserResponse, Problem } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createUser, login, type RequestOptions, signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { User } from '../../users/index.ts';
import { createPasswordHasher, parsePhc } from '../password/password.ts';
import { Session } from '../session/session.entity.ts';
import { hashSessionId } from '../session/session.service.ts';

type Me = z.infer<typeof CurrentUserResponse>;
type SignedIn = z.infer<typeof AuthResponse>;

describe('password sign-in and sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const me = (cookie?: string) => server.request<Me>('GET', '/api/auth/current-user', { cookie });
  const sidOf = (cookie: string) => cookie.slice('sid='.length);

  describe('POST /api/auth/login', () => {
    it('signs in: 200 with the user and an httpOnly, SameSite=Lax, Path=/ session cookie (no Secure on http)', async () => {
      const user = await createUser(server, { username: 'erin', email: 'erin@example.com' });
      const res = await server.request<SignedIn>('POST', '/api/auth/login', { body: { username: 'erin', password: user.password } });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ id: user.id, username: 'erin', email: 'erin@example.com', isAdmin: false });
      expect(res.text).not.toMatch(/argon2|password/i);
      const [cookie, ...others] = res.cookies.filter((line) => line.startsWith('sid='));
      expect(others).toEqual([]);
      expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
      const attributes = cookie?.split('; ').slice(1) ?? [];
      expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/', `Max-Age=${30 * 24 * 3600}`]));
      expect(attributes).not.toContain('Secure');
    });

    it('the cookie signs the browser in; only a hash of the id is stored', async () => {
      const user = await createUser(server);
      const { cookie } = await login(server, user.username, user.password);
      expect((await me(cookie)).body.user).toMatchObject({ id: user.id, username: user.username });
      const sid = sidOf(cookie ?? '');
      const em = server.orm.em.fork();
      expect(await em.count(Session, { idHash: hashSessionId(sid) })).toBe(1);
      expect(await em.count(Session, { idHash: sid })).toBe(0);
    });

    it('matches the username in any letter case and records the sign-in time', async () => {
      const user = await createUser(server, { username: 'Frank' });
      const before = Date.now();
      const { response } = await login(server, 'fRANK', user.password);
      expect(response.status).toBe(200);
      const row = await server.orm.em.fork().findOneOrFail(User, { id: user.id });
      expect(row.lastLoginAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    });

    it('answers 401 with one message for a wrong password and for an unknown user', async () => {
      const user = await createUser(server);
      const wrong = await server.request<Problem>('POST', '/api/auth/login', { body: { username: user.username, password: 'nope-nope' } });
      const unknown = await server.request<Problem>('POST', '/api/auth/login', {
        body: { username: 'nobody_here', password: 'nope-nope' },
      });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ code: 'invalid_credentials', detail: 'Invalid username or password' });
        expect(res.cookies.some((line) => /^sid=[^;]/.test(line))).toBe(false);
      }
    });

    it('answers 400 with the spec messages for missing fields', async () => {
      const res = await server.request<Problem>('POST', '/api/auth/login', { body: { username: ' ', password: '' } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(
        expect.arrayContaining([
          { pointer: '/body/username', detail: 'Username is required' },
          { pointer: '/body/password', detail: 'Password is required' },
        ]),
      );
    });

    it('rotates the session: the id the browser had before is dead afterwards', async () => {
      const user = await createUser(server);
      const first = await login(server, user.username, user.password);
      const second = await login(server, user.username, user.password, first.cookie);
      expect(second.cookie).toBeDefined();
      expect(second.cookie).not.toBe(first.cookie);
      expect((await me(first.cookie)).body.user).toBeNull();
      expect((await me(second.cookie)).body.user?.id).toBe(user.id);
    });

    it("also drops another user's session id presented at sign-in (no fixation across accounts)", async () => {
      const planted = await signIn(server, await createUser(server));
      const victim = await createUser(server);
      const { cookie } = await login(server, victim.username, victim.password, planted);
      expect(cookie).not.toBe(planted);
      expect((await me(planted)).body.user).toBeNull();
    });

    it('upgrades a hash made with weaker parameters on a successful sign-in', async () => {
      const user = await createUser(server);
      const weak = await createPasswordHasher({ params: { memory: 8_192, passes: 1, parallelism: 1 } }).hash(user.password);
      await server.orm.em.fork().nativeUpdate(User, { id: user.id }, { passwordHash: weak });
      expect((await login(server, user.username, user.password)).response.status).toBe(200);
      const row = await server.orm.em.fork().findOneOrFail(User, { id: user.id }, { populate: ['passwordHash'] });
      expect(parsePhc(row.passwordHash)?.params).toEqual({ memory: 19_456, passes: 2, parallelism: 1 });
      expect((await login(server, user.username, user.password)).response.status).toBe(200);
    });
  });

  describe('disabled accounts', () => {
    it('get 403 "Account is disabled" only after a correct password; a wrong one is a plain 401', async () => {
      const user = await createUser(server, { isActive: false });
      const right = await server.request<Problem>('POST', '/api/auth/login', {
        body: { username: user.username, password: user.password },
      });
      expect(right.status).toBe(403);
      expect(right.body).toMatchObject({ code: 'account_disabled', detail: 'Account is disabled' });
      expect(right.cookies.some((line) => /^sid=[^;]/.test(line))).toBe(false);
      const wrong = await server.request<Problem>('POST', '/api/auth/login', { body: { username: user.username, password: 'wrong-one' } });
      expect(wrong.status).toBe(401);
    });

    it('lose their existing sessions: they read as anonymous and are deleted', async () => {
      const user = await createUser(server);
      const cookie = await signIn(server, user);
      const other = await signIn(server, user);
      expect((await me(cookie)).body.user?.id).toBe(user.id);
      await server.orm.em.fork().nativeUpdate(User, { id: user.id }, { isActive: false });
      await server.heard();
      const res = await me(cookie);
      expect(res.body.user).toBeNull();
      // The dead id is harmless, so the cookie is left alone (see the password change's race).
      expect(res.cookies.some((line) => line.startsWith('sid='))).toBe(false);
      expect((await server.request('GET', '/api/user-tokens', { cookie: other })).status).toBe(401);
      expect(await server.orm.em.fork().count(Session, { user: user.id })).toBe(0);
      // Enabling the account again does not bring the old sessions back.
      await server.orm.em.fork().nativeUpdate(User, { id: user.id }, { isActive: true });
      expect((await me(other)).body.user).toBeNull();
    });
  });

  describe('POST /api/auth/logout', () => {
    it('destroys the session, so a copied (stolen) id is useless afterwards, and clears the cookie', async () => {
      const user = await createUser(server);
      const cookie = await signIn(server, user);
      const stolen = cookie;
      const res = await server.request('POST', '/api/auth/logout', { cookie, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(204);
      const cleared = res.cookies.find((line) => line.startsWith('sid='));
      expect(cleared).toMatch(/^sid=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax/);
      expect((await me(stolen)).body.user).toBeNull();
      expect(await server.orm.em.fork().count(Session, { idHash: hashSessionId(sidOf(stolen)) })).toBe(0);
    });

    it('answers 204 without a session too', async () => {
      expect((await server.request('POST', '/api/auth/logout')).status).toBe(204);
    });

    it("ends only this browser's session", async () => {
      const user = await createUser(server);
      const here = await signIn(server, user);
      const elsewhere = await signIn(server, user);
      await server.request('POST', '/api/auth/logout', { cookie: here });
      expect((await me(elsewhere)).body.user?.id).toBe(user.id);
    });
  });

  describe('GET /api/auth/current-user', () => {
    it('answers user null for visitors, malformed and unknown session ids', async () => {
      for (const cookie of [undefined, 'sid=garbage', `sid=${'A'.repeat(43)}`]) {
        const res = await me(cookie);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ user: null });
      }
    });

    it('answers the fresh balance and role of the signed-in user', async () => {
      const user = await createUser(server, { credits: 42, isAdmin: true });
      const res = await me(await signIn(server, user));
      expect(res.body.user).toMatchObject({ id: user.id, credits: 42, isAdmin: true, isActive: true });
      expect(Object.keys(res.body.user ?? {}).sort()).toEqual([
        'createdAt',
        'credits',
        'email',
        'id',
        'isActive',
        'isAdmin',
        'lowBalanceThreshold',
        'username',
      ]);
    });
  });

  describe('a session cookie over HTTPS', () => {
    let https: TestServer;
    let proxied: TestServer;
    // Servers start in the hook (longer timeout than a test): PGlite boots can be slow on a busy machine.
    beforeAll(async () => {
      [https, proxied] = await Promise.all([
        startTestServer({ config: { publicUrl: 'https://studio.example', trustProxy: false } }),
        startTestServer({ config: { trustProxy: true } }),
      ]);
    });
    afterAll(() => Promise.all([https?.close(), proxied?.close()]));

    const secureFlag = async (target: TestServer, options: RequestOptions) => {
      const user = await createUser(target);
      const res = await target.request('POST', '/api/auth/login', {
        ...options,
        body: { username: user.username, password: user.password },
      });
      expect(res.status).toBe(200);
      return res.cookies
        .find((line) => line.startsWith('sid='))
        ?.split('; ')
        .includes('Secure');
    };

    it('is Secure when PUBLIC_URL is https', async () => {
      expect(await secureFlag(https, {})).toBe(true);
    });

    it('is Secure behind a trusted proxy that says https, and not when it says http', async () => {
      expect(await secureFlag(proxied, { headers: { 'x-forwarded-proto': 'https' } })).toBe(true);
      expect(await secureFlag(proxied, { headers: { 'x-forwarded-proto': 'http' } })).toBe(false);
    });
  });
});
