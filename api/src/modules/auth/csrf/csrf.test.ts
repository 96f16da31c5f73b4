import type { Problem } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, startTestServer, type TestServer, type TestUser } from '../../../../test/index.ts';
import { ApiToken } from '../../tokens/index.ts';

const ADMIN_APP = 'https://admin.example.com';

describe('CSRF protection of cookie-authenticated writes', () => {
  let server: TestServer;
  let user: TestUser;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer({ config: { corsOrigins: [ADMIN_APP], publicUrl: 'https://studio.example.com' } });
    user = await createUser(server);
    cookie = await signIn(server, user);
  });
  afterAll(() => server.close());

  const createToken = (headers: Record<string, string>) =>
    server.request<Problem>('POST', '/api/user-tokens', { cookie, headers, body: { name: 'csrf test' } });
  const tokenCount = () => server.orm.em.fork().count(ApiToken, { user: user.id });

  it('refuses a POST from a foreign Origin with 403 csrf_rejected, and does nothing', async () => {
    const before = await tokenCount();
    const res = await createToken({ origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('csrf_rejected');
    expect(await tokenCount()).toBe(before);
  });

  it('refuses Origin: null (sandboxed frames, some redirects)', async () => {
    expect((await createToken({ origin: 'null' })).status).toBe(403);
  });

  it('refuses Sec-Fetch-Site: cross-site without a trusted Origin', async () => {
    expect((await createToken({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });

  it('accepts this server’s own origin, the public URL and the CORS allow-list', async () => {
    for (const origin of [server.url, 'https://studio.example.com', ADMIN_APP]) {
      expect((await createToken({ origin, 'sec-fetch-site': origin === ADMIN_APP ? 'cross-site' : 'same-origin' })).status).toBe(201);
    }
  });

  it('accepts a write without Origin or Sec-Fetch-Site (not a browser, so no ambient cookie to abuse)', async () => {
    expect((await createToken({})).status).toBe(201);
  });

  it('does not block reads from anywhere', async () => {
    const res = await server.request('GET', '/api/user-tokens', { cookie, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
  });

  it('refuses a cross-site logout, leaving the session alive', async () => {
    const res = await server.request('POST', '/api/auth/logout', { cookie, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect((await server.request('GET', '/api/user-tokens', { cookie })).status).toBe(200);
  });

  it('refuses login and registration posted from a foreign page even without a cookie (login CSRF)', async () => {
    const headers = { origin: 'https://evil.example' };
    const loginRes = await server.request<Problem>('POST', '/api/auth/login', {
      headers,
      body: { username: user.username, password: user.password },
    });
    expect(loginRes.status).toBe(403);
    expect(loginRes.body.code).toBe('csrf_rejected');
    const registerRes = await server.request<Problem>('POST', '/api/auth/register', {
      headers,
      body: { username: 'forged', password: 'secret1' },
    });
    expect(registerRes.status).toBe(403);
    const sameSite = await server.request('POST', '/api/auth/login', {
      headers: { origin: server.url },
      body: { username: user.username, password: user.password },
    });
    expect(sameSite.status).toBe(200);
  });
});
