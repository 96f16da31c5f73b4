import type { CurrentUserResponse, Problem } from '@app/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type FakeOidc, startFakeOidc } from '../../../../test/fakes/oidc-server.ts';
import { createUser, login, sessionCookieOf, signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { findLedgerMismatches, Transaction } from '../../ledger/index.ts';
import { AdminSettings } from '../../settings/index.ts';
import { User } from '../../users/index.ts';
import { NO_PASSWORD } from '../password/password.ts';
import { Session } from '../session/session.entity.ts';

const ann = { sub: 'google-sub-ann', email: 'ann.lee@example.test', email_verified: true, name: 'Ann Lee' };

describe('Google sign-in', () => {
  let idp: FakeOidc;
  let server: TestServer;
  beforeAll(async () => {
    idp = await startFakeOidc({ identity: ann });
    server = await startTestServer({ config: { googleIssuer: idp.issuer } });
  });
  afterAll(async () => {
    await server.close();
    await idp.close();
  });
  beforeEach(() => configureGoogle({}));
  afterEach(() => idp.setIdentity(ann));

  const callbackUri = () => `${server.url}/api/auth/google/callback`;
  const configureGoogle = (values: Partial<AdminSettings>) =>
    server.orm.em.fork().nativeUpdate(
      AdminSettings,
      { id: 1 },
      {
        googleAuthEnabled: true,
        googleClientId: idp.clientId,
        googleClientSecret: idp.clientSecret,
        googleRedirectUri: callbackUri(),
        startCredits: 0,
        ...values,
      },
    );

  /** GET /url, then what the browser does at Google: returns the flow cookie and where Google sends it back. */
  async function startFlow() {
    const res = await server.request<{ authUrl: string }>('GET', '/api/auth/google/url');
    expect(res.status).toBe(200);
    const flowCookie = res.cookies.find((line) => line.startsWith('g_oauth='))?.split(';')[0] ?? '';
    return { res, flowCookie, callbackUrl: await idp.authorize(res.body.authUrl) };
  }

  /** Lands on our callback with the flow cookie (plus any session cookie); returns the outcome. */
  async function finish(callbackUrl: string, cookie: string) {
    const url = new URL(callbackUrl);
    const res = await server.request('GET', `${url.pathname}${url.search}`, { cookie });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '', 'http://x');
    return { res, location, session: sessionCookieOf(res) };
  }

  async function signInWithGoogle(extraCookie?: string) {
    const { flowCookie, callbackUrl } = await startFlow();
    return finish(callbackUrl, [flowCookie, extraCookie].filter(Boolean).join('; '));
  }

  const successUser = (location: URL) => JSON.parse(location.searchParams.get('user') ?? 'null') as { username: string };
  const me = (cookie?: string) => server.request<z.infer<typeof CurrentUserResponse>>('GET', '/api/auth/current-user', { cookie });

  describe('availability', () => {
    it('status says enabled only when switched on with client id, secret and redirect URI', async () => {
      expect((await server.request('GET', '/api/auth/google/status')).body).toEqual({ enabled: true });
      for (const off of [
        { googleAuthEnabled: false },
        { googleClientSecret: null },
        { googleClientId: '  ' },
        { googleRedirectUri: 'not a url' },
      ]) {
        await configureGoogle(off);
        expect((await server.request('GET', '/api/auth/google/status')).body).toEqual({ enabled: false });
      }
    });

    it('GET /url answers 503 google_disabled when switched off', async () => {
      await configureGoogle({ googleAuthEnabled: false });
      const res = await server.request<Problem>('GET', '/api/auth/google/url');
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('google_disabled');
    });

    it('the callback while switched off goes back to /login with an error', async () => {
      const { flowCookie, callbackUrl } = await startFlow();
      await configureGoogle({ googleAuthEnabled: false });
      const { location, session } = await finish(callbackUrl, flowCookie);
      expect(location.pathname).toBe('/login');
      expect(location.searchParams.get('auth')).toBe('error');
      expect(session).toBeUndefined();
    });
  });

  it('GET /url answers the provider URL and keeps state, nonce and verifier in a 10-minute httpOnly Lax cookie', async () => {
    const res = await server.request<{ authUrl: string }>('GET', '/api/auth/google/url');
    const url = new URL(res.body.authUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/authorize`);
    expect(url.searchParams.get('redirect_uri')).toBe(callbackUri());
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const cookie = res.cookies.find((line) => line.startsWith('g_oauth=')) ?? '';
    expect(cookie.split('; ')).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/api/auth/google', 'Max-Age=600']));
    // Signed, not readable as-is for the state alone: the state appears inside the signed payload only.
    expect(cookie).toMatch(/^g_oauth=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43};/);
  });

  it('creates a new account with start credits on first sign-in and signs it in', async () => {
    await configureGoogle({ startCredits: 15 });
    idp.setIdentity({ sub: 'google-sub-new', email: 'newbie@example.test', email_verified: true, name: 'New Bie' });
    const { res, location, session } = await signInWithGoogle();
    expect(res.headers.get('location')).toBe(`/login?auth=success&user=${encodeURIComponent(JSON.stringify({ username: 'newbie' }))}`);
    expect(location.searchParams.get('auth')).toBe('success');
    expect(successUser(location)).toEqual({ username: 'newbie' });
    // The flow cookie is single-use.
    expect(res.cookies.some((line) => line.startsWith('g_oauth=; '))).toBe(true);

    const signedIn = await me(session);
    expect(signedIn.body.user).toMatchObject({ username: 'newbie', email: 'newbie@example.test', credits: 15 });
    const em = server.orm.em.fork();
    const row = await em.findOneOrFail(User, { googleId: 'google-sub-new' }, { populate: ['passwordHash'] });
    expect(row.passwordHash).toBe(NO_PASSWORD);
    const entries = await em.find(Transaction, { user: row.id });
    expect(entries.map((t) => [t.type, t.amount, t.businessKey])).toEqual([['bonus', 15, `signup:${row.id}`]]);
    expect(await findLedgerMismatches(em)).toEqual([]);
  });

  it('signs a returning Google account in to the same account, without granting start credits again', async () => {
    idp.setIdentity({ sub: 'google-sub-returning', email: 'back@example.test', email_verified: true });
    const first = await signInWithGoogle();
    await configureGoogle({ startCredits: 50 });
    const second = await signInWithGoogle(first.session);
    expect(successUser(second.location)).toEqual(successUser(first.location));
    const em = server.orm.em.fork();
    expect(await em.count(User, { googleId: 'google-sub-returning' })).toBe(1);
    expect((await me(second.session)).body.user?.credits).toBe(0);
    // Rotation: the session the browser had before is gone.
    expect((await me(first.session)).body.user).toBeNull();
  });

  it('links an existing account by email only when Google verified it; the old password and sessions end', async () => {
    const existing = await createUser(server, { username: 'bob_local', email: 'Bob@Example.test', credits: 30 });
    const oldSession = await signIn(server, existing);
    idp.setIdentity({ sub: 'google-sub-bob', email: 'bob@example.test', email_verified: true, name: 'Bob' });
    const { location, session } = await signInWithGoogle();
    expect(successUser(location)).toEqual({ username: 'bob_local' });
    expect((await me(session)).body.user).toMatchObject({ id: existing.id, credits: 30 });
    const row = await server.orm.em.fork().findOneOrFail(User, { id: existing.id });
    expect(row.googleId).toBe('google-sub-bob');
    expect((await me(oldSession)).body.user).toBeNull();
    expect((await login(server, 'bob_local', existing.password)).response.status).toBe(401);
  });

  it('does NOT link by an unverified email: a separate new account is created', async () => {
    const existing = await createUser(server, { username: 'carol', email: 'carol@example.test' });
    idp.setIdentity({ sub: 'google-sub-carol', email: 'carol@example.test', email_verified: false, name: 'Carol' });
    const { location } = await signInWithGoogle();
    const { username } = successUser(location);
    expect(username).toMatch(/^carol_\d{4}$/);
    const em = server.orm.em.fork();
    expect((await em.findOneOrFail(User, { id: existing.id })).googleId).toBeNull();
    expect((await em.findOneOrFail(User, { googleId: 'google-sub-carol' })).id).not.toBe(existing.id);
    expect((await login(server, 'carol', existing.password)).response.status).toBe(200);
  });

  it('does not link to an account that already has another Google id', async () => {
    idp.setIdentity({ sub: 'google-sub-dana-1', email: 'dana@example.test', email_verified: true });
    const first = await signInWithGoogle();
    idp.setIdentity({ sub: 'google-sub-dana-2', email: 'dana@example.test', email_verified: true });
    const second = await signInWithGoogle();
    expect(successUser(second.location).username).not.toBe(successUser(first.location).username);
    expect(await server.orm.em.fork().count(User, { email: 'dana@example.test' })).toBe(2);
  });

  it('refuses a disabled account', async () => {
    idp.setIdentity({ sub: 'google-sub-eve', email: 'eve@example.test', email_verified: true });
    const first = await signInWithGoogle();
    await server.orm.em.fork().nativeUpdate(User, { googleId: 'google-sub-eve' }, { isActive: false });
    await server.heard();
    const { location, session } = await signInWithGoogle(first.session);
    expect(location.searchParams.get('auth')).toBe('error');
    expect(location.searchParams.get('message')).toBe('Account is disabled');
    expect(session).toBeUndefined();
    expect((await me(first.session)).body.user).toBeNull();
  });

  describe('refused callbacks go back to /login?auth=error without signing in', () => {
    const sessionsNow = () => server.orm.em.fork().count(Session, {});

    it('state mismatch: the code of one flow with the cookie of another', async () => {
      const a = await startFlow();
      const b = await startFlow();
      const before = await sessionsNow();
      const { location, session } = await finish(a.callbackUrl, b.flowCookie);
      expect(location.searchParams.get('auth')).toBe('error');
      expect(location.searchParams.get('message')).toMatch(/could not be verified/);
      expect(session).toBeUndefined();
      expect(await sessionsNow()).toBe(before);
    });

    it('no flow cookie (started in another browser, or expired)', async () => {
      const { callbackUrl } = await startFlow();
      const { location, session } = await finish(callbackUrl, '');
      expect(location.searchParams.get('auth')).toBe('error');
      expect(location.searchParams.get('message')).toMatch(/expired|another browser/);
      expect(session).toBeUndefined();
    });

    it('a tampered flow cookie', async () => {
      const { flowCookie, callbackUrl } = await startFlow();
      const [payload, mac] = flowCookie.slice('g_oauth='.length).split('.');
      const forged = `g_oauth=${payload}x.${mac}`;
      const { location } = await finish(callbackUrl, forged);
      expect(location.searchParams.get('auth')).toBe('error');
    });

    it('the user cancelled at Google', async () => {
      idp.denyNext('access_denied');
      const { location, session } = await signInWithGoogle();
      expect(location.searchParams.get('message')).toBe('Google sign-in was cancelled.');
      expect(session).toBeUndefined();
    });
  });
});
