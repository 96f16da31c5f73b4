import type { Problem } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, startTestServer, type TestServer } from '../../../test/index.ts';

// Long enough that a few argon2 checks on a busy machine fit inside one window.
const WINDOW_MS = 4_000;
const waitForWindow = () => new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 100));
const retryAfter = (res: { headers: Headers }) => Number(res.headers.get('retry-after'));

describe('rate limits on sign-in, sign-up and password changes', { timeout: 40_000 }, () => {
  let server: TestServer;
  let ipCounter = 0;
  // TRUST_PROXY lets each test come from its own client address through X-Forwarded-For.
  const freshIp = () => {
    ipCounter += 1;
    return { 'x-forwarded-for': `203.0.113.${ipCounter}` };
  };

  beforeAll(async () => {
    server = await startTestServer({
      config: { trustProxy: true, authRateLimits: { windowMs: WINDOW_MS, loginPerIp: 3, loginPerUsername: 2, registerPerIp: 2 } },
    });
  });
  afterAll(() => server.close());

  const loginAs = (username: string, password: string, headers: Record<string, string>) =>
    server.request<Problem>('POST', '/api/auth/login', { headers, body: { username, password } });

  it('locks a (username, address) pair after its failures, never the owner at their usual address', async () => {
    const user = await createUser(server);
    const home = freshIp();
    expect((await loginAs(user.username, user.password, home)).status).toBe(200);
    const attacker = freshIp();
    expect((await loginAs(user.username, 'wrong-1', attacker)).status).toBe(401);
    expect((await loginAs(user.username.toUpperCase(), 'wrong-2', attacker)).status).toBe(401);
    const limited = await loginAs(user.username, user.password, attacker);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited', retryable: true });
    expect(retryAfter(limited)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(limited)).toBeLessThanOrEqual(WINDOW_MS / 1000);
    // The owner, at home, is not locked out by the attacker's failures.
    expect((await loginAs(user.username, user.password, home)).status).toBe(200);
    await waitForWindow();
    expect((await loginAs(user.username, user.password, attacker)).status).toBe(200);
  });

  it('limits failures per client address across usernames; successes do not count', async () => {
    const ip = freshIp();
    const user = await createUser(server);
    for (let i = 0; i < 5; i++) expect((await loginAs(user.username, user.password, ip)).status).toBe(200);
    for (const name of ['a_one', 'a_two', 'a_three']) expect((await loginAs(name, 'whatever', ip)).status).toBe(401);
    const limited = await loginAs('a_four', 'whatever', ip);
    expect(limited.status).toBe(429);
    expect(retryAfter(limited)).toBeGreaterThanOrEqual(1);
    // Another address is not affected.
    expect((await loginAs('a_four', 'whatever', freshIp())).status).toBe(401);
    await waitForWindow();
    expect((await loginAs('a_five', 'whatever', ip)).status).toBe(401);
  });

  it('limits registrations per client address', async () => {
    const ip = freshIp();
    const register = (username: string) =>
      server.request<Problem>('POST', '/api/auth/register', { headers: ip, body: { username, password: 'secret1' } });
    expect((await register('reg_one')).status).toBe(201);
    expect((await register('reg_two')).status).toBe(201);
    const limited = await register('reg_three');
    expect(limited.status).toBe(429);
    expect(retryAfter(limited)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(limited)).toBeLessThanOrEqual(WINDOW_MS / 1000);
    await waitForWindow();
    expect((await register('reg_three')).status).toBe(201);
  });

  it('counts password changes against the account, so the current password cannot be guessed there either', async () => {
    const user = await createUser(server);
    const cookie = await signIn(server, user);
    const change = (currentPassword: string) =>
      server.request<Problem>('PUT', '/api/user/change-password', {
        cookie,
        headers: freshIp(),
        body: { currentPassword, newPassword: 'newpass1' },
      });
    expect((await change('guess-1')).status).toBe(400);
    expect((await change('guess-2')).status).toBe(400);
    expect((await change(user.password)).status).toBe(429);
    await waitForWindow();
    expect((await change(user.password)).status).toBe(200);
  });
});

// 21 password checks must land inside one window here: on a slow or busy machine argon2 alone can take seconds,
// so this attack gets a window no machine speed can outrun (nothing here waits for it to pass).
describe('rate limits across many addresses', { timeout: 60_000 }, () => {
  let longWindow: TestServer;
  let ipCounter = 0;
  const freshIp = () => {
    ipCounter += 1;
    return { 'x-forwarded-for': `198.51.100.${ipCounter}` };
  };
  const loginAs = (username: string, password: string, headers: Record<string, string>) =>
    longWindow.request<Problem>('POST', '/api/auth/login', { headers, body: { username, password } });

  beforeAll(async () => {
    longWindow = await startTestServer({
      config: { trustProxy: true, authRateLimits: { windowMs: 600_000, loginPerIp: 3, loginPerUsername: 2, registerPerIp: 2 } },
    });
  });
  afterAll(() => longWindow.close());

  it('stops a brute force spread over many addresses for unknown clients only', async () => {
    const user = await createUser(longWindow);
    const home = freshIp();
    expect((await loginAs(user.username, user.password, home)).status).toBe(200);
    // 2 failures (the pair limit) from each of 10 addresses: 20, the account-wide limit.
    for (let i = 0; i < 10; i++) {
      const address = freshIp();
      for (const guess of ['guess-a', 'guess-b']) expect((await loginAs(user.username, guess, address)).status).toBe(401);
    }
    expect((await loginAs(user.username, user.password, freshIp())).status).toBe(429);
    expect((await loginAs(user.username, user.password, home)).status).toBe(200);
  });
});
