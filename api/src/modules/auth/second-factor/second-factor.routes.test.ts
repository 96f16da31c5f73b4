import type { AccountSecurity, AuditEvent, Problem } from '@app/contract';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, sessionCookieOf, signIn, startTestServer, type TestServer, type TestUser } from '../../../../test/index.ts';
import { AdminSettingsRepository } from '../../settings/index.ts';
import { hashSessionId } from '../index.ts';
import { adminsMustUseSecondFactor } from './policy.ts';

let server: TestServer;
beforeAll(async () => {
  // Three failures per (username, address) pause sign-in, so the limits are quick to reach.
  server = await startTestServer({
    config: { authRateLimits: { windowMs: 900_000, loginPerIp: 100, loginPerUsername: 3, registerPerIp: 100 } },
  });
});
afterAll(() => server?.close());

const em = () => server.orm.em.fork();
const security = (cookie: string) => server.request<AccountSecurity>('GET', '/api/user/security', { cookie });

/** Sets up an authenticator app through the API; its secret and recovery codes. */
async function withTotp(cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await server.request<{ secret: string; otpauthUri: string; qrCodeSvg: string }>(
    'POST',
    '/api/user/second-factor/totp/setup',
    { cookie },
  );
  expect(setup.status).toBe(200);
  const enabled = await server.request<{ recoveryCodes: string[] }>('POST', '/api/user/second-factor/totp', {
    cookie,
    body: { code: await generate({ secret: setup.body.secret }) },
  });
  expect(enabled.status).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
}

/** A code that has not been used yet (the last accepted step is forgotten, as if 30 seconds had passed). */
async function freshCode(userId: string, secret: string): Promise<string> {
  await em().execute('update "totp_factors" set "last_step" = null where "user_id" = ?', [userId]);
  return generate({ secret });
}

/** The password step of a sign-in: its answer and the pending-sign-in cookie. */
async function passwordStep(user: TestUser) {
  const response = await server.request<{ secondFactor?: { methods: string[] } }>('POST', '/api/auth/login', {
    body: { username: user.username, password: user.password },
  });
  const pending = response.cookies.find((line) => line.startsWith('sfa='))?.split(';')[0];
  return { response, pending: pending ?? '' };
}

const secondStep = (pending: string, body: object) => server.request('POST', '/api/auth/login/second-factor', { cookie: pending, body });
/** Moves this session's last check `minutes` into the past. */
const backdateSession = (cookie: string, minutes: number) =>
  em().execute(`update "sessions" set "verified_at" = now() - make_interval(mins => ?) where "id_hash" = ?`, [
    minutes,
    hashSessionId(cookie.slice('sid='.length)),
  ]);

describe('authenticator app', () => {
  it('is set up with a QR code and a confirmed code, and gives ten recovery codes once', async () => {
    const user = await createUser(server);
    const cookie = await signIn(server, user);
    const setup = await server.request<{ secret: string; otpauthUri: string; qrCodeSvg: string }>(
      'POST',
      '/api/user/second-factor/totp/setup',
      { cookie },
    );
    expect(setup.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(setup.body.qrCodeSvg).toMatch(/^<svg/);
    expect((await security(cookie)).body.totpEnabled).toBe(false);

    const wrong = await server.request<{ code: string }>('POST', '/api/user/second-factor/totp', { cookie, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('second_factor_invalid');

    const ok = await server.request<{ recoveryCodes: string[] }>('POST', '/api/user/second-factor/totp', {
      cookie,
      body: { code: await generate({ secret: setup.body.secret }) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.recoveryCodes).toHaveLength(10);
    expect(new Set(ok.body.recoveryCodes).size).toBe(10);
    expect(ok.body.recoveryCodes[0]).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const overview = (await security(cookie)).body;
    expect(overview).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 10, secondFactor: true });
    // Stored as digests and an encrypted secret only.
    const stored = JSON.stringify(await em().execute('select * from "recovery_codes" join "totp_factors" using ("user_id")'));
    for (const code of ok.body.recoveryCodes) expect(stored).not.toContain(code);
    expect(stored).not.toContain(setup.body.secret);
    const events = await server.request<{ data: AuditEvent[] }>('GET', '/api/user/security-events', { cookie });
    expect(events.body.data.map((event) => event.action)).toEqual(['second_factor.recovery_codes_created', 'second_factor.totp_enabled']);
  });
});

describe('signing in with a second factor', () => {
  it('asks for it after the password, before any session exists', async () => {
    const user = await createUser(server);
    const { secret } = await withTotp(await signIn(server, user));
    const { response, pending } = await passwordStep(user);
    expect(response.status).toBe(202);
    expect(response.body.secondFactor?.methods).toEqual(['totp', 'recovery_code']);
    expect(sessionCookieOf(response)).toBeUndefined();
    expect(pending).not.toBe('');

    const wrong = await secondStep(pending, { code: '123456' });
    expect(wrong.status).toBe(401);
    const right = await secondStep(pending, { code: await freshCode(user.id, secret) });
    expect(right.status).toBe(200);
    const cookie = sessionCookieOf(right) ?? '';
    const who = await server.request<{ user: { id: string } | null }>('GET', '/api/auth/current-user', { cookie });
    expect(who.body.user?.id).toBe(user.id);
    // The pending sign-in is used up.
    expect((await secondStep(pending, { code: await freshCode(user.id, secret) })).status).toBe(401);
  });

  it('never accepts one authenticator code twice', async () => {
    const user = await createUser(server);
    const { secret } = await withTotp(await signIn(server, user));
    const code = await freshCode(user.id, secret);
    expect((await secondStep((await passwordStep(user)).pending, { code })).status).toBe(200);
    const again = await secondStep((await passwordStep(user)).pending, { code });
    expect(again.status).toBe(401);
  });

  it('takes each recovery code once, and records its use', async () => {
    const user = await createUser(server);
    const { recoveryCodes } = await withTotp(await signIn(server, user));
    const [first] = recoveryCodes;
    const used = await secondStep((await passwordStep(user)).pending, { code: first?.toUpperCase().replaceAll('-', ' ') });
    expect(used.status).toBe(200);
    expect((await secondStep((await passwordStep(user)).pending, { code: first })).status).toBe(401);
    const cookie = sessionCookieOf(used) ?? '';
    expect((await security(cookie)).body.recoveryCodesLeft).toBe(9);
    const events = await server.request<{ data: AuditEvent[] }>('GET', '/api/user/security-events', { cookie });
    expect(events.body.data.map((event) => event.action)).toContain('second_factor.recovery_code_used');
  });

  it('counts wrong codes against the sign-in limits like wrong passwords', async () => {
    const user = await createUser(server);
    const { secret } = await withTotp(await signIn(server, user));
    const { pending } = await passwordStep(user);
    for (let i = 0; i < 3; i++) expect((await secondStep(pending, { code: '000000' })).status).toBe(401);
    const refused = await secondStep(pending, { code: await freshCode(user.id, secret) });
    expect(refused.status).toBe(429);
    // The password step is paused too.
    expect((await login(server, user.username, user.password)).response.status).toBe(429);
  });

  it('a sign-in left waiting too long must start again', async () => {
    const user = await createUser(server);
    const { secret } = await withTotp(await signIn(server, user));
    const { pending } = await passwordStep(user);
    await em().execute(
      `update "auth_challenges" set "expires_at" = now() - interval '1 second' where "kind" = 'sign_in' and "user_id" = ?`,
      [user.id],
    );
    const late = await server.request<{ code: string }>('POST', '/api/auth/login/second-factor', {
      cookie: pending,
      body: { code: await freshCode(user.id, secret) },
    });
    expect(late.status).toBe(401);
    expect(late.body.code).toBe('sign_in_expired');
  });
});

describe('step-up', () => {
  it('the calls that move money need a check within 10 minutes; a code renews it', async () => {
    const admin = await createUser(server, { isAdmin: true });
    const target = await createUser(server);
    const cookie = await signIn(server, admin);
    const { secret } = await withTotp(cookie);
    const credits = () =>
      server.request<{ code: string }>('PUT', `/api/admin/users/${target.id}/credits`, { cookie, body: { credits: 5 } });
    expect((await credits()).status).toBe(200);

    await backdateSession(cookie, 11);
    const refused = await credits();
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('step_up_required');
    expect((await security(cookie)).body.stepUpUntil).toBeNull();
    // Reads are not guarded.
    expect((await server.request('GET', '/api/admin/users', { cookie })).status).toBe(200);
    // The password is not enough for an account with a second factor.
    const withPassword = await server.request('POST', '/api/auth/step-up', { cookie, body: { password: admin.password } });
    expect(withPassword.status).toBe(400);

    const confirmed = await server.request<{ stepUpUntil: string }>('POST', '/api/auth/step-up', {
      cookie,
      body: { code: await freshCode(admin.id, secret) },
    });
    expect(confirmed.status).toBe(200);
    expect(Date.parse(confirmed.body.stepUpUntil) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect((await credits()).status).toBe(200);
  });

  it('an account without a second factor confirms with its password', async () => {
    const admin = await createUser(server, { isAdmin: true });
    const cookie = await signIn(server, admin);
    await backdateSession(cookie, 30);
    const toggle = () => server.request('PUT', `/api/admin/users/${admin.id}/toggle`, { cookie, body: { isActive: true } });
    expect((await toggle()).status).toBe(401);
    const wrong = await server.request<Problem>('POST', '/api/auth/step-up', { cookie, body: { password: 'wrong password' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('validation_failed');
    expect(wrong.body.errors).toEqual([{ pointer: '/body/password', detail: 'That password is not right.' }]);
    expect((await server.request('POST', '/api/auth/step-up', { cookie, body: { password: admin.password } })).status).toBe(200);
    expect((await toggle()).status).toBe(200);
  });
});

describe('admins must use a second factor', () => {
  it('is on by default in production only', async () => {
    const settings = await new AdminSettingsRepository(em()).get();
    expect(settings.adminsRequireSecondFactor).toBeNull();
    expect(await adminsMustUseSecondFactor(em(), { isProduction: true })).toEqual({ value: true, isDefault: true });
    expect(await adminsMustUseSecondFactor(em(), { isProduction: false })).toEqual({ value: false, isDefault: true });
  });

  it('sends an admin without one to set it up, and cannot be turned on by an admin without one', async () => {
    const lone = await createUser(server, { isAdmin: true });
    const loneCookie = await signIn(server, lone);
    const refused = await server.request<{ code: string }>('PUT', '/api/admin/security-settings', {
      cookie: loneCookie,
      body: { adminsRequireSecondFactor: true },
    });
    expect(refused.status).toBe(409);

    const admin = await createUser(server, { isAdmin: true });
    const cookie = await signIn(server, admin);
    await withTotp(cookie);
    const on = await server.request('PUT', '/api/admin/security-settings', { cookie, body: { adminsRequireSecondFactor: true } });
    expect(on.status).toBe(200);
    try {
      const blocked = await server.request<{ code: string; detail: string }>('GET', '/api/admin/users', { cookie: loneCookie });
      expect(blocked.status).toBe(403);
      expect(blocked.body.code).toBe('second_factor_required');
      expect(blocked.body.detail).toMatch(/My Account/);
      expect((await security(loneCookie)).body.secondFactorRequired).toBe(true);
      expect((await server.request('GET', '/api/admin/users', { cookie })).status).toBe(200);
      // Its own last factor cannot go while the rule holds.
      const removal = await server.request('DELETE', '/api/user/second-factor/totp', { cookie });
      expect(removal.status).toBe(409);
      const log = await server.request<{ data: AuditEvent[] }>('GET', '/api/admin/audit-events?action=security_settings.changed', {
        cookie,
      });
      expect(log.body.data[0]?.details).toEqual({ adminsRequireSecondFactor: { before: false, after: true } });
    } finally {
      await server.request('PUT', '/api/admin/security-settings', { cookie, body: { adminsRequireSecondFactor: false } });
    }
  });

  it('removing the authenticator app drops the recovery codes with it', async () => {
    const user = await createUser(server);
    const cookie = await signIn(server, user);
    await withTotp(cookie);
    expect((await server.request('DELETE', '/api/user/second-factor/totp', { cookie })).status).toBe(204);
    expect((await security(cookie)).body).toMatchObject({ totpEnabled: false, recoveryCodesLeft: 0, secondFactor: false });
    expect((await login(server, user.username, user.password)).response.status).toBe(200);
  });
});
