// A token's spending caps: set at creation or later, counted in the charge's transaction, refused with nothing charged
// (429 until the UTC day ends, 402 for the total), given back by a refund, and shown as usage on the token.
import type { ApiToken, AutomationSubmitted, Problem } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, startTestServer, type TestServer } from '../../../test/index.ts';
import { balanceOf, eventually } from '../studio/testing/kit.ts';

const SANDBOX_FAIL = '[sandbox:fail]';

describe('token spending caps', () => {
  let server: TestServer;
  let userId: string;
  let cookie: string;

  beforeAll(async () => {
    server = await startTestServer({
      studio: { sandboxDelayMs: 0, pollMinMs: 50, pollMaxMs: 200 },
      config: { automationRatePerMinute: 1000 },
    });
    const user = await createUser(server, { credits: 1000 });
    userId = user.id;
    cookie = await signIn(server, user);
  });
  afterAll(() => server?.close());

  const create = (body: Record<string, unknown>) =>
    server.request<ApiToken & { token: string }>('POST', '/api/user-tokens', { cookie, body });
  const tokens = async () => (await server.request<ApiToken[]>('GET', '/api/user-tokens', { cookie })).body;
  const generate = (token: string, prompt = 'a lighthouse at dusk') =>
    server.request<AutomationSubmitted & Problem>('POST', '/api/n8n/generate', {
      headers: { authorization: `Bearer ${token}` },
      body: { input: { prompt } },
    });
  const taskCount = async () =>
    (await server.orm.em.fork().execute<{ n: number }[]>('select count(*)::int as n from "image_tasks" where "user_id" = ?', [userId]))[0]
      ?.n;

  it('refuses the call that would pass the daily cap with 429 until the UTC day ends, charging nothing', async () => {
    const created = await create({ name: 'daily', dailyCreditCap: 8 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ dailyCreditCap: 8, totalCreditCap: null, usage: { calls: 0, creditsToday: 0, creditsTotal: 0 } });
    // The API price of a generation is 4 by default: two fit in 8, the third does not.
    expect((await generate(created.body.token)).status).toBe(202);
    expect((await generate(created.body.token)).status).toBe(202);
    const balance = await balanceOf(server.orm, userId);
    const tasks = await taskCount();
    const refused = await generate(created.body.token);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('token_cap_reached');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(await balanceOf(server.orm, userId)).toBe(balance);
    expect(await taskCount()).toBe(tasks);
    const listed = (await tokens()).find((token) => token.id === created.body.id);
    expect(listed?.usage).toEqual({ calls: 2, creditsToday: 8, creditsTotal: 8 });
  });

  it('refuses the call that would pass the total cap with 402; raising the cap lets it through', async () => {
    const created = await create({ name: 'total', totalCreditCap: 4 });
    expect((await generate(created.body.token)).status).toBe(202);
    const refused = await generate(created.body.token);
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('token_cap_reached');
    const raised = await server.request<ApiToken>('PATCH', `/api/user-tokens/${created.body.id}`, { cookie, body: { totalCreditCap: 8 } });
    expect(raised.status).toBe(200);
    expect(raised.body).toMatchObject({ totalCreditCap: 8, dailyCreditCap: null });
    expect((await generate(created.body.token)).status).toBe(202);
    // null removes a cap.
    const removed = await server.request<ApiToken>('PATCH', `/api/user-tokens/${created.body.id}`, {
      cookie,
      body: { totalCreditCap: null },
    });
    expect(removed.body.totalCreditCap).toBeNull();
    expect((await generate(created.body.token)).status).toBe(202);
  });

  it('gives a failed task its credits back to the caps, once', async () => {
    const created = await create({ name: 'refunds', dailyCreditCap: 4, totalCreditCap: 4 });
    const failing = await generate(created.body.token, `a boat ${SANDBOX_FAIL}`);
    expect(failing.status).toBe(202);
    await eventually(
      async () => ((await tokens()).find((token) => token.id === created.body.id)?.usage.creditsTotal === 0 ? true : undefined),
      60_000,
      'the refund to reach the caps',
    );
    const usage = (await tokens()).find((token) => token.id === created.body.id)?.usage;
    expect(usage).toEqual({ calls: 1, creditsToday: 0, creditsTotal: 0 });
    expect((await generate(created.body.token)).status).toBe(202);
  });

  it('lets three calls racing for the last credits of a cap pass it only once (a row lock, as across processes)', async () => {
    const created = await create({ name: 'race', totalCreditCap: 4 });
    const answers = await Promise.all([generate(created.body.token), generate(created.body.token), generate(created.body.token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 402, 402]);
  });

  it('refuses caps that are not whole positive numbers, and another user’s token as missing', async () => {
    const bad = await create({ name: 'bad', dailyCreditCap: 0 });
    expect(bad.status).toBe(400);
    const other = await signIn(server, await createUser(server));
    const mine = await create({ name: 'mine' });
    const theirs = await server.request<Problem>('PATCH', `/api/user-tokens/${mine.body.id}`, {
      cookie: other,
      body: { dailyCreditCap: 5 },
    });
    expect(theirs.status).toBe(404);
    expect((await tokens()).find((token) => token.id === mine.body.id)?.dailyCreditCap).toBeNull();
  });
});
