// Sessions are answered from memory, yet a revocation holds at once on every process on the database: once the
// revoking request has answered, the old cookie gets 401 (403 for a lost role) from this process and from another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, startTestServer, startWebProcessBeside, type TestServer } from '../../../../test/index.ts';
import type { RunningServer } from '../../../server.ts';
import { Session } from './session.entity.ts';

describe('session cache and revocation', () => {
  let server: TestServer;
  // In-memory PGlite cannot be shared: without DATABASE_URL there is one process, and both names point at it.
  let second: RunningServer | undefined;
  let urls: string[];
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer();
    second = await startWebProcessBeside(server);
    urls = [server.url, second?.url ?? server.url];
    admin = await signIn(server, await createUser(server, { isAdmin: true }));
  });
  afterAll(async () => {
    await second?.close();
    await server.close();
  });

  const status = async (base: string, path: string, cookie: string) => (await fetch(`${base}${path}`, { headers: { cookie } })).status;
  const tasks = (base: string, cookie: string) => status(base, '/api/image-tasks?page=1&limit=4&days=7', cookie);
  /** Reads with the cookie on both processes, twice, so each has it in memory. */
  async function warm(cookie: string, path = '/api/image-tasks?page=1&limit=4&days=7'): Promise<void> {
    for (const base of [...urls, ...urls]) expect(await status(base, path, cookie)).toBe(200);
  }
  const send = (method: string, path: string, cookie: string, body?: unknown) =>
    server.request(method, path, { cookie, body: body ?? {}, headers: { origin: server.url } });

  it('signing out refuses the cookie at once on both processes', async () => {
    const cookie = await signIn(server, await createUser(server));
    await warm(cookie);
    expect((await send('POST', '/api/auth/logout', cookie)).status).toBe(204);
    for (const base of urls) expect(await tasks(base, cookie)).toBe(401);
  });

  it('a password change refuses every other session at once on both processes', async () => {
    const user = await createUser(server);
    const here = await signIn(server, user);
    const elsewhere = await signIn(server, user);
    await warm(here);
    await warm(elsewhere);
    const res = await send('PUT', '/api/user/change-password', here, { currentPassword: user.password, newPassword: 'brand-new-3' });
    expect(res.status).toBe(200);
    for (const base of urls) {
      expect(await tasks(base, here)).toBe(401);
      expect(await tasks(base, elsewhere)).toBe(401);
    }
  });

  it('disabling a user refuses their cookie at once on both processes', async () => {
    const user = await createUser(server);
    const cookie = await signIn(server, user);
    await warm(cookie);
    expect((await send('PUT', `/api/admin/users/${user.id}/toggle`, admin, { isActive: false })).status).toBe(200);
    for (const base of urls) expect(await tasks(base, cookie)).toBe(401);
  });

  it('a lost admin role is refused at once on both processes, the session itself stays', async () => {
    const user = await createUser(server, { isAdmin: true });
    const cookie = await signIn(server, user);
    await warm(cookie, '/api/admin/users');
    expect((await send('PUT', `/api/admin/users/${user.id}`, admin, { isAdmin: false })).status).toBe(200);
    for (const base of urls) {
      expect(await status(base, '/api/admin/users', cookie)).toBe(403);
      expect(await tasks(base, cookie)).toBe(200);
    }
  });

  it('a session deleted by any writer (not a request) is refused everywhere within moments', async () => {
    const user = await createUser(server);
    const cookie = await signIn(server, user);
    await warm(cookie);
    await server.orm.em.fork().nativeDelete(Session, { user: user.id });
    for (const base of urls) await expect.poll(() => tasks(base, cookie), { timeout: 2000, interval: 20 }).toBe(401);
  });

  it('under concurrent polling, no request sent after the sign-out answered is accepted', async () => {
    const cookie = await signIn(server, await createUser(server));
    await warm(cookie);
    const seen: { sentAt: number; status: number }[] = [];
    let signedOutAt = Number.POSITIVE_INFINITY;
    let stop = false;
    const pollers = Array.from({ length: 8 }, async (_, n) => {
      const base = urls[n % urls.length] ?? server.url;
      while (!stop) {
        const sentAt = performance.now();
        seen.push({ sentAt, status: await tasks(base, cookie) });
      }
    });
    // Let the pollers run on the cached session for a moment, then sign out in the middle of them.
    await expect.poll(() => seen.length, { timeout: 5000, interval: 10 }).toBeGreaterThan(40);
    const res = await send('POST', '/api/auth/logout', cookie);
    signedOutAt = performance.now();
    expect(res.status).toBe(204);
    await expect.poll(() => seen.filter((s) => s.sentAt > signedOutAt).length, { timeout: 5000, interval: 10 }).toBeGreaterThan(40);
    stop = true;
    await Promise.all(pollers);
    const before = seen.filter((s) => s.sentAt < signedOutAt);
    const after = seen.filter((s) => s.sentAt > signedOutAt);
    expect(before.some((s) => s.status === 200)).toBe(true);
    expect(after.map((s) => s.status)).toEqual(after.map(() => 401));
  });
});
