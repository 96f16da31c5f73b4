// Several images per prompt (`n`) on the bearer-token surfaces: the automation API lists each task with its own
// status address (and waits for all with `Prefer: wait`), /v1 answers one `data` item per image, the token's caps
// count every image.
import type { AutomationSubmitted, AutomationTaskStatus, Problem } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, createUser, startTestServer, type TestServer } from '../../../test/index.ts';
import { SANDBOX_FAIL_ONE_MARKER } from '../../providers/image/sandbox/sandbox-provider.ts';
import { balanceOf, ledgerOf } from '../studio/testing/kit.ts';
import { type ImageHost, startImageHost } from './testing/image-host.ts';

/** The API prices of a text image and of an edit in tests. */
const COST = 4;
const EDIT_COST = 6;

describe('several images per prompt (automation API and /v1)', () => {
  let server: TestServer;
  let host: ImageHost;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    host = await startImageHost();
    server = await startTestServer({
      studio: { sandboxDelayMs: 0, pollMinMs: 50, pollMaxMs: 200, allowPrivateFetchFor: [host.host] },
      config: { automationRatePerMinute: 1000 },
    });
    const user = await createUser(server, { credits: 200 });
    userId = user.id;
    token = await createToken(server, user);
  });
  afterAll(async () => {
    await server?.close();
    await host?.close();
  });

  const post = <T = AutomationSubmitted>(path: string, body: unknown, headers: Record<string, string> = {}) =>
    server.request<T>('POST', path, { body, headers: { authorization: `Bearer ${token}`, ...headers } });

  it('automation generate with n=3 and Prefer: wait: 200 once all three ended, each with its own status', async () => {
    const before = await balanceOf(server.orm, userId);
    const res = await post('/api/n8n/generate', { input: { prompt: `three herons ${crypto.randomUUID()}`, n: 3 } }, { prefer: 'wait=30' });
    expect(res.status).toBe(200);
    expect(res.body.creditsUsed).toBe(3 * COST);
    expect(res.body.batchId).toMatch(/^bat_/);
    expect(res.body.tasks).toHaveLength(3);
    expect(res.body.tasks?.[0]?.taskId).toBe(res.body.taskId);
    expect(res.body.tasks?.map((task) => task.result?.status)).toEqual(['completed', 'completed', 'completed']);
    expect(await balanceOf(server.orm, userId)).toBe(before - 3 * COST);
    for (const task of res.body.tasks ?? []) {
      const status = await server.request<AutomationTaskStatus>('GET', new URL(task.statusUrl).pathname, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(status.body).toMatchObject({ taskId: task.taskId, status: 'completed', creditsUsed: COST });
    }
  });

  it('automation edit with n=2: two tasks from the same references; one failing is refunded alone', async () => {
    const before = await balanceOf(server.orm, userId);
    const refundsBefore = (await ledgerOf(server.orm, userId)).filter((row) => row.type === 'refund').length;
    const res = await post(
      '/api/n8n/edit-image',
      { input: { prompt: `${SANDBOX_FAIL_ONE_MARKER} scarf ${crypto.randomUUID()}`, image_urls: [`${host.url}/cat.png`], n: 2 } },
      { prefer: 'wait=30' },
    );
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('edit_image');
    const results = res.body.tasks?.map((task) => task.result) ?? [];
    expect(results.map((result) => result?.status).sort()).toEqual(['completed', 'failed']);
    expect(results.find((result) => result?.status === 'failed')?.creditsRefunded).toBe(EDIT_COST);
    expect(await balanceOf(server.orm, userId)).toBe(before - EDIT_COST);
    expect((await ledgerOf(server.orm, userId)).filter((row) => row.type === 'refund')).toHaveLength(refundsBefore + 1);
  });

  it('automation: the same Idempotency-Key twice is one batch, charged once', async () => {
    const before = await balanceOf(server.orm, userId);
    const body = { input: { prompt: `keyed herons ${crypto.randomUUID()}`, n: 2 } };
    const key = { 'idempotency-key': `batch-${crypto.randomUUID()}` };
    const first = await post('/api/n8n/generate', body, key);
    const again = await post('/api/n8n/generate', body, key);
    expect([first.status, again.status]).toEqual([202, 202]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.batchId).toBe(first.body.batchId);
    expect(again.body.tasks?.map((task) => task.taskId)).toEqual(first.body.tasks?.map((task) => task.taskId));
    expect(await balanceOf(server.orm, userId)).toBe(before - 2 * COST);
  });

  it('a token whose cap covers two images but not three: n=3 is refused whole, nothing charged or counted', async () => {
    const owner = await createUser(server, { credits: 100 });
    const capped = await createToken(server, owner);
    await server.orm.em.fork().execute('update "api_tokens" set "total_credit_cap" = ? where "user_id" = ?', [2 * COST, owner.id]);
    const res = await post<Problem>(
      '/api/n8n/generate',
      { input: { prompt: 'three, capped', n: 3 } },
      { authorization: `Bearer ${capped}` },
    );
    expect([res.status, res.body.code]).toEqual([402, 'token_cap_reached']);
    expect(await balanceOf(server.orm, owner.id)).toBe(100);
    const [token] = await server.orm.em
      .fork()
      .execute<{ spent: number }[]>('select "credits_total" as "spent" from "api_tokens" where "user_id" = ?', [owner.id]);
    expect(Number(token?.spent)).toBe(0);
  });

  it('automation: n=5 is a 400 naming /body/input/n, nothing charged', async () => {
    const before = await balanceOf(server.orm, userId);
    const res = await post<Problem>('/api/n8n/generate', { input: { prompt: 'too many', n: 5 } });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((error) => error.pointer)).toEqual(['/body/input/n']);
    expect(await balanceOf(server.orm, userId)).toBe(before);
  });

  it('/v1/images/generations with n=2: two images in data, charged twice', async () => {
    const before = await balanceOf(server.orm, userId);
    const res = await post<{ data: Array<{ url?: string }>; usage: { credits_used: number } }>('/v1/images/generations', {
      prompt: `two lanterns ${crypto.randomUUID()}`,
      n: 2,
      response_format: 'url',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(new Set(res.body.data.map((item) => item.url)).size).toBe(2);
    expect(res.body.usage.credits_used).toBe(2 * COST);
    expect(await balanceOf(server.orm, userId)).toBe(before - 2 * COST);
  });

  it('/v1: n=5 is a 400 naming n, nothing charged', async () => {
    const before = await balanceOf(server.orm, userId);
    const res = await post<{ error: { param: string } }>('/v1/images/generations', { prompt: 'x', n: 5 });
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe('n');
    expect(await balanceOf(server.orm, userId)).toBe(before);
  });
});
