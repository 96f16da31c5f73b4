import type { AccountSession, AuditEvent } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, signIn, startTestServer, type TestServer } from '../../../../test/index.ts';

let server: TestServer;
beforeAll(async () => {
  // Behind a trusted proxy, so each test can sign in from the address it names.
  server = await startTestServer({ config: { trustProxy: true } });
});
afterAll(() => server?.close());

const PHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

async function signInFrom(username: string, password: string, ip: string, userAgent: string): Promise<string> {
  const response = await server.request('POST', '/api/auth/login', {
    body: { username, password },
    headers: { 'x-forwarded-for': ip, 'user-agent': userAgent },
  });
  expect(response.status).toBe(200);
  return response.cookies.find((line) => line.startsWith('sid='))?.split(';')[0] ?? '';
}
const sessionsOf = (cookie: string) => server.request<AccountSession[]>('GET', '/api/user/sessions', { cookie });
const whoIs = async (cookie: string) =>
  (await server.request<{ user: { id: string } | null }>('GET', '/api/auth/current-user', { cookie })).body.user;
const events = (cookie: string) => server.request<{ data: AuditEvent[] }>('GET', '/api/user/security-events', { cookie });

describe('the sessions list', () => {
  it('needs a session', async () => {
    expect((await server.request('GET', '/api/user/sessions')).status).toBe(401);
    expect((await server.request('POST', '/api/user/sessions/end-others')).status).toBe(401);
  });

  it('lists each browser with its client, address and times, the current one first and marked', async () => {
    const user = await createUser(server);
    const phone = await signInFrom(user.username, user.password, '198.51.100.4', PHONE_SAFARI);
    const desktop = await signInFrom(user.username, user.password, '203.0.113.9', DESKTOP_CHROME);
    const listed = await sessionsOf(desktop);
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(2);
    expect(listed.body[0]).toMatchObject({
      current: true,
      browser: 'Chrome 140',
      system: 'Windows 10',
      device: 'desktop',
      ip: '203.0.113.9',
    });
    expect(listed.body[1]).toMatchObject({ current: false, browser: 'Safari 17', system: 'iOS', device: 'mobile', ip: '198.51.100.4' });
    expect(JSON.stringify(listed.body)).not.toContain(phone.slice(4));
    // Seen from the phone, the phone is current.
    expect((await sessionsOf(phone)).body[0]).toMatchObject({ current: true, ip: '198.51.100.4' });
  });

  it('ends one session at once, and only the owner can', async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    const mine = await signIn(server, user);
    const lost = await signInFrom(user.username, user.password, '198.51.100.7', PHONE_SAFARI);
    const lostId = (await sessionsOf(mine)).body.find((s) => !s.current)?.id ?? '';

    const stranger = await server.request('DELETE', `/api/user/sessions/${lostId}`, { cookie: await signIn(server, other) });
    expect(stranger.status).toBe(404);
    expect(await whoIs(lost)).toMatchObject({ id: user.id });

    const ended = await server.request('DELETE', `/api/user/sessions/${lostId}`, { cookie: mine });
    expect(ended.status).toBe(204);
    expect(await whoIs(lost)).toBeNull();
    expect(await whoIs(mine)).toMatchObject({ id: user.id });
    expect((await events(mine)).body.data[0]).toMatchObject({ action: 'sessions.ended', details: { count: 1 } });
  });

  it('ending the current session signs this browser out', async () => {
    const user = await createUser(server);
    const cookie = await signIn(server, user);
    const [current] = (await sessionsOf(cookie)).body;
    const ended = await server.request('DELETE', `/api/user/sessions/${current?.id}`, { cookie });
    expect(ended.status).toBe(204);
    expect(ended.cookies.some((line) => line.startsWith('sid=;'))).toBe(true);
    expect(await whoIs(cookie)).toBeNull();
  });

  it('signs out everywhere else', async () => {
    const user = await createUser(server);
    const keep = await signIn(server, user);
    const others = [await signIn(server, user), await signIn(server, user)];
    const res = await server.request<{ ended: number; message: string }>('POST', '/api/user/sessions/end-others', { cookie: keep });
    expect(res.body).toEqual({ ended: 2, message: 'Signed out of 2 other sessions' });
    for (const cookie of others) expect(await whoIs(cookie)).toBeNull();
    expect(await whoIs(keep)).toMatchObject({ id: user.id });
    expect((await sessionsOf(keep)).body).toHaveLength(1);
  });
});

describe('sign-in from a new address', () => {
  it('is a security event once per address', async () => {
    const user = await createUser(server);
    const first = await signInFrom(user.username, user.password, '192.0.2.10', DESKTOP_CHROME);
    await signInFrom(user.username, user.password, '192.0.2.10', DESKTOP_CHROME);
    const cookie = await signInFrom(user.username, user.password, '192.0.2.77', PHONE_SAFARI);
    expect(first).not.toBe('');
    const found = (await events(cookie)).body.data.filter((event) => event.action === 'sign_in.new_address');
    expect(found.map((event) => event.ip)).toEqual(['192.0.2.77', '192.0.2.10']);
    expect(found[0]).toMatchObject({ actor: { id: user.id }, subject: { id: user.id }, userAgent: PHONE_SAFARI });
  });

  it('a wrong password records nothing', async () => {
    const user = await createUser(server);
    const { response } = await login(server, user.username, 'not the password');
    expect(response.status).toBe(401);
    const cookie = await signIn(server, user);
    expect((await events(cookie)).body.data).toEqual([]);
  });
});
