import type { AutomationSubmitted, AutomationTaskStatus, Problem } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, createUser, startTestServer, type TestServer } from '../../../test/index.ts';
import { findLedgerMismatches } from '../ledger/index.ts';
import { ImageTask } from '../studio/index.ts';
import { balanceOf, eventually, ledgerOf } from '../studio/testing/kit.ts';
import { type ImageHost, startImageHost } from './testing/image-host.ts';

describe('automation API', () => {
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
    const user = await createUser(server, { credits: 100 });
    userId = user.id;
    token = await createToken(server, user);
  });
  afterAll(async () => {
    await server?.close();
    await host?.close();
  });

  const auth = (value = token) => ({ authorization: `Bearer ${value}` });
  const post = <T = AutomationSubmitted>(path: string, body: unknown, headers: Record<string, string> = {}) =>
    server.request<T>('POST', path, { body, headers: { ...auth(), ...headers } });
  const status = (taskId: string, value = token) =>
    server.request<AutomationTaskStatus>('GET', `/api/n8n/image-status/${taskId}`, { headers: auth(value) });
  const finished = (taskId: string) =>
    eventually(
      async () => {
        const res = await status(taskId);
        return res.body.status === 'processing' ? undefined : res.body;
      },
      80_000,
      `task ${taskId} to finish`,
    );

  it('refuses missing, wrong and disabled tokens with 401', async () => {
    const body = { input: { prompt: 'x' } };
    expect((await server.request<Problem>('POST', '/api/n8n/generate', { body })).status).toBe(401);
    expect((await post<Problem>('/api/n8n/generate', body, auth('nbk_wrong'))).status).toBe(401);
    const other = await createUser(server, { credits: 10 });
    const disabled = await createToken(server, other);
    await server.orm.em.fork().execute('update "api_tokens" set "is_active" = false where "user_id" = ?', [other.id]);
    const res = await post<Problem>('/api/n8n/generate', body, auth(disabled));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthorized');
    expect((await status('tsk_nothing', disabled)).status).toBe(401);
  });

  it('generate: 202 at the API price, then completed with a fetchable image; n8n is recorded', async () => {
    const before = await balanceOf(server.orm, userId);
    const res = await post(
      '/api/n8n/generate',
      { input: { prompt: 'a teapot on the moon', image_size: '16:9' } },
      { 'user-agent': 'n8n/1.80.0' },
    );
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ success: true, type: 'text_to_image', creditsUsed: 4, remainingCredits: before - 4 });
    const done = await finished(res.body.taskId);
    expect(done).toMatchObject({
      success: true,
      status: 'completed',
      aspectRatio: '16:9',
      creditsUsed: 4,
      error: null,
      creditsRefunded: 0,
      isFavourite: false,
    });
    const file = await fetch(done.imageUrl ?? '');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    const task = await server.orm.em.fork().findOneOrFail(ImageTask, { taskId: res.body.taskId });
    expect(task.createdVia).toBe('n8n');
  });

  it('edit: the referenced image is fetched and stored by us before the task runs', async () => {
    const res = await post('/api/n8n/edit-image', { input: { prompt: 'add a scarf', image_urls: [`${host.url}/cat.png`] } });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ type: 'edit_image', creditsUsed: 6 });
    const task = await server.orm.em.fork().findOneOrFail(ImageTask, { taskId: res.body.taskId });
    expect(task.createdVia).toBe('api');
    expect(task.inputImageUrls[0]).toMatch(new RegExp(`^${server.url}/files/uploads/`));
    const done = await finished(res.body.taskId);
    expect(done.status).toBe('completed');
    expect((await fetch(done.imageUrl ?? '')).status).toBe(200);
  });

  it('upscale: scale_ratio as text, completed with the HD image', async () => {
    const res = await post('/api/n8n/upscale', { input: { image_url: `${host.url}/cat.png`, scale_ratio: '3' } });
    expect(res.status).toBe(202);
    expect(res.body.type).toBe('upscale');
    const done = await finished(res.body.taskId);
    expect(done).toMatchObject({ status: 'completed', prompt: 'Upscale x3' });
    expect((await fetch(done.imageUrl ?? '')).status).toBe(200);
  });

  it('refuses bad image addresses with pointers and charges nothing', async () => {
    const before = await balanceOf(server.orm, userId);
    const notImage = await post<Problem>('/api/n8n/edit-image', {
      input: { prompt: 'x', image_urls: [`${host.url}/cat.png`, `${host.url}/page.html`, 'http://10.0.0.7/a.png'] },
    });
    expect(notImage.status).toBe(400);
    expect(notImage.body.errors?.map((e) => e.pointer)).toEqual(['/body/input/image_urls/1', '/body/input/image_urls/2']);
    const huge = await post<Problem>('/api/n8n/upscale', { input: { image_url: `${host.url}/huge.png`, scale_ratio: 2 } });
    expect(huge.status).toBe(413);
    expect(huge.body.errors?.[0]?.pointer).toBe('/body/input/image_url');
    const badScale = await post<Problem>('/api/n8n/upscale', { input: { image_url: `${host.url}/cat.png`, scale_ratio: 5 } });
    expect(badScale.status).toBe(400);
    expect(await balanceOf(server.orm, userId)).toBe(before);
  });

  it('refuses a callback address on a private network at submission', async () => {
    const res = await post<Problem>('/api/n8n/generate', { input: { prompt: 'x' }, callbackUrl: 'http://192.168.1.20/hook' });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.pointer).toBe('/body/callbackUrl');
  });

  it("answers 404 for another user's task and for unknown ids", async () => {
    const res = await post('/api/n8n/generate', { input: { prompt: 'mine' } });
    const other = await createUser(server, { credits: 0 });
    expect((await status(res.body.taskId, await createToken(server, other))).status).toBe(404);
    expect((await status('tsk_unknown')).status).toBe(404);
    expect((await status(res.body.taskId)).status).toBe(200);
  });

  it('a failed task reports its error and the refunded credits', async () => {
    const res = await post('/api/n8n/generate', { input: { prompt: 'please [sandbox:fail]' } });
    const done = await finished(res.body.taskId);
    expect(done).toMatchObject({ success: false, status: 'failed', imageUrl: null, creditsRefunded: 4 });
    expect(done.error).toBeTruthy();
  });

  it('402 insufficient_credits with nothing charged', async () => {
    const poor = await createUser(server, { credits: 3 });
    const poorToken = await createToken(server, poor);
    const res = await post<Problem>('/api/n8n/generate', { input: { prompt: 'x' } }, auth(poorToken));
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('insufficient_credits');
    expect(await balanceOf(server.orm, poor.id)).toBe(3);
    expect((await ledgerOf(server.orm, poor.id)).filter((row) => row.type === 'usage')).toHaveLength(0);
    expect(await findLedgerMismatches(server.orm.em.fork())).toEqual([]);
  });

  it('balance: the token owner and the credits left; 401 for a wrong token', async () => {
    const res = await server.request<{ userId: string; username: string; credits: number }>('GET', '/api/n8n/balance', { headers: auth() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId, credits: await balanceOf(server.orm, userId) });
    expect(res.body.username.length).toBeGreaterThan(0);
    expect((await server.request<Problem>('GET', '/api/n8n/balance', { headers: auth('nbk_wrong') })).status).toBe(401);
  });

  describe('Idempotency-Key', () => {
    it('replays the first answer for the same key and body, charging once', async () => {
      const before = await balanceOf(server.orm, userId);
      const body = { input: { prompt: 'same thing', image_size: '1:1' } };
      const first = await post('/api/n8n/generate', body, { 'idempotency-key': 'k-same' });
      // Key order does not matter: the body is hashed as canonical JSON.
      const again = await post(
        '/api/n8n/generate',
        { input: { image_size: '1:1', prompt: 'same thing' } },
        { 'idempotency-key': 'k-same' },
      );
      expect(first.status).toBe(202);
      expect(again.status).toBe(202);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await balanceOf(server.orm, userId)).toBe(before - 4);
    });

    it('refuses the same key with another body (422)', async () => {
      await post('/api/n8n/generate', { input: { prompt: 'one' } }, { 'idempotency-key': 'k-other' });
      const res = await post<Problem>('/api/n8n/generate', { input: { prompt: 'two' } }, { 'idempotency-key': 'k-other' });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('idempotency_key_reused');
    });

    it('runs one of two concurrent requests; the other is 409 or a replay, never a second charge', async () => {
      const before = await balanceOf(server.orm, userId);
      const body = { input: { prompt: 'racing' } };
      const answers = await Promise.all(
        [1, 2, 3].map(() => post<AutomationSubmitted | Problem>('/api/n8n/generate', body, { 'idempotency-key': 'k-race' })),
      );
      const accepted = answers.filter((a) => a.status === 202).map((a) => (a.body as AutomationSubmitted).taskId);
      expect(accepted.length).toBeGreaterThan(0);
      expect(new Set(accepted).size).toBe(1);
      for (const a of answers.filter((a) => a.status !== 202)) expect((a.body as Problem).code).toBe('idempotency_in_progress');
      expect(await balanceOf(server.orm, userId)).toBe(before - 4);
    });

    it('releases the key after a failed request, so it can be retried', async () => {
      const res = await post<Problem>(
        '/api/n8n/edit-image',
        { input: { prompt: 'x', image_urls: [`${host.url}/page.html`] } },
        { 'idempotency-key': 'k-fail' },
      );
      expect(res.status).toBe(400);
      const retry = await post(
        '/api/n8n/edit-image',
        { input: { prompt: 'x', image_urls: [`${host.url}/cat.png`] } },
        { 'idempotency-key': 'k-fail' },
      );
      expect(retry.status).toBe(202);
    });
  });
});

describe('automation API rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { automationRatePerMinute: 2 } });
  });
  afterAll(() => server?.close());

  it('answers 429 rate_limited with Retry-After once a token used its budget', async () => {
    const user = await createUser(server, { credits: 0 });
    const token = await createToken(server, user);
    const headers = { authorization: `Bearer ${token}` };
    const first = await server.request('GET', '/api/n8n/image-status/tsk_a', { headers });
    expect(first.status).toBe(404);
    // The IETF fields announce the budget on every answer, after every caller's generic one: 2 per 60 s, 1 left after the first.
    const policy = `"default";q=${server.config.apiRatePerMinute};w=60, "per-token";q=2;w=60`;
    expect(first.headers.get('ratelimit-policy')).toBe(policy);
    expect(first.headers.get('ratelimit')).toMatch(/^"default";r=\d+;t=\d+, "per-token";r=1;t=(60|59)$/);
    const second = await server.request('GET', '/api/n8n/image-status/tsk_b', { headers });
    expect(second.headers.get('ratelimit')).toMatch(/, "per-token";r=0;t=\d+$/);
    const limited = await server.request<Problem>('GET', '/api/n8n/image-status/tsk_c', { headers });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('ratelimit')).toMatch(/, "per-token";r=0;t=\d+$/);
    expect(limited.headers.get('ratelimit-policy')).toBe(policy);
    // Spelling the header another way names the same token: no fresh budget.
    for (const authorization of [`bearer ${token}`, `BEARER ${token}`, `Bearer  ${token}`, `Bearer\t${token}`]) {
      expect((await server.request('GET', '/api/n8n/image-status/tsk_e', { headers: { authorization } })).status, authorization).toBe(429);
    }
    // Another token of the same user has its own budget.
    const other = await createToken(server, user, 'second');
    expect((await server.request('GET', '/api/n8n/image-status/tsk_d', { headers: { authorization: `Bearer ${other}` } })).status).toBe(
      404,
    );
  });
});
