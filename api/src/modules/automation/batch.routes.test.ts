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
