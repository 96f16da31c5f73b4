// The SDK against the real app on PostgreSQL (or PGlite): the sandbox provider renders the images.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, type Client, createClient, verifyWebhook } from './index.ts';
import { eventually, startSdkServer, userWithToken } from './testing/server.ts';

describe('@nano-banana/sdk against the real server', () => {
  let env: Awaited<ReturnType<typeof startSdkServer>>;
  let client: Client;
  let secret: string;
  let token: string;

  beforeAll(async () => {
    env = await startSdkServer();
    const made = await userWithToken(env.server, 100);
    secret = made.secret;
    token = made.token;
    client = createClient({ baseUrl: env.server.url, token: made.token });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('submits a generate and waits for it by polling; the image is fetchable', async () => {
    const started = Date.now();
    const submitted = await client.submit('generate', { input: { prompt: 'a banana on the moon', image_size: '16:9' } });
    expect(submitted).toMatchObject({ success: true, type: 'text_to_image', creditsUsed: 4, replayed: false });
    expect(submitted.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const done = await client.waitFor(submitted.taskId, { timeoutMs: 30_000, intervalMs: 50 });
    console.info(`sdk: generate submitted and completed in ${Date.now() - started} ms (sandbox provider)`);
    expect(done).toMatchObject({ success: true, status: 'completed', taskId: submitted.taskId, aspectRatio: '16:9' });
    const file = await fetch(done.imageUrl ?? '');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
  });

  it('run holds the submission with Prefer: wait and returns the ended task without polling', async () => {
    const sent: [string, string | null][] = [];
    const recording = createClient({
      baseUrl: env.server.url,
      token,
      fetch: (input, init) => {
        const request = input instanceof Request ? input : new Request(input, init);
        sent.push([request.method, request.headers.get('prefer')]);
        return fetch(request);
      },
    });
    const done = await recording.run('generate', { input: { prompt: 'a pear in the rain' } }, { timeoutMs: 30_000 });
    expect(done).toMatchObject({ success: true, status: 'completed', creditsUsed: 4 });
    expect(done.imageUrl).toMatch(/^http/);
    expect(sent).toEqual([['POST', 'wait=30']]);
  });

  it('edits and upscales an image through the same submit', async () => {
    const made = await client.run('generate', { input: { prompt: 'a plain cup' } }, { timeoutMs: 30_000 });
    env.images.state.png = Buffer.from(await (await fetch(made.imageUrl ?? '')).arrayBuffer());
    const edit = await client.submit('edit', { input: { prompt: 'make it blue', image_urls: [env.images.url] } });
    expect(edit.type).toBe('edit_image');
    expect(await client.waitFor(edit.taskId, { timeoutMs: 30_000, intervalMs: 50 })).toMatchObject({ status: 'completed' });
    const upscale = await client.submit('upscale', { input: { image_url: env.images.url, scale_ratio: 2 } });
    expect(upscale.type).toBe('upscale');
    expect(await client.waitFor(upscale.taskId, { timeoutMs: 30_000, intervalMs: 50 })).toMatchObject({ status: 'completed' });
  });

  it('balance: the owner and the credits left after the charges', async () => {
    const before = await client.balance();
    await client.submit('generate', { input: { prompt: 'one more' } });
    const after = await client.balance();
    expect(after.username).toBe(before.username);
    expect(after.credits).toBe(before.credits - 4);
  });

  it('a retried submission with the same Idempotency-Key is answered again and charged once', async () => {
    const { credits } = await client.balance();
    const body = { input: { prompt: 'a retried teapot' } };
    const first = await client.submit('generate', body, { idempotencyKey: 'sdk-retry-1' });
    const again = await client.submit('generate', body, { idempotencyKey: 'sdk-retry-1' });
    expect(again.taskId).toBe(first.taskId);
    expect([first.replayed, again.replayed]).toEqual([false, true]);
    expect((await client.balance()).credits).toBe(credits - 4);
    // Without a key each call is its own intent.
    const other = await client.submit('generate', body);
    expect(other.taskId).not.toBe(first.taskId);
  });

  it('throws ApiError with the problem for a bad token and for an invalid body', async () => {
    const stranger = createClient({ baseUrl: env.server.url, token: 'nbk_wrong' });
    const refused = await stranger.balance().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 401, code: 'unauthorized' });
    expect((refused as ApiError).title).not.toBe('HTTP 401');

    const invalid = await client.submit('generate', { input: { prompt: '' } }).catch((error: unknown) => error);
    expect(invalid).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((invalid as ApiError).detail).toContain('prompt');
    expect((invalid as ApiError).problem.errors?.[0]?.pointer).toBe('/body/input/prompt');

    const unknown = await client.waitFor('tsk_nothing').catch((error: unknown) => error);
    expect(unknown).toMatchObject({ status: 404, name: 'ApiError' });
  });

  it('verifies the signed callback the server sends; a tampered body, another secret or an old timestamp fail', async () => {
    const submitted = await client.submit('generate', {
      input: { prompt: 'a lighthouse' },
      callbackUrl: `${env.receiver.url}/hook`,
    });
    const call = await eventually(() => env.receiver.received.find((r) => r.body.includes(submitted.taskId)));
    const headers = call.headers;
    expect(verifyWebhook({ headers, body: call.body, secret })).toMatchObject({ ok: true, id: headers['webhook-id'] });
    expect(JSON.parse(call.body)).toMatchObject({ status: 'completed', taskId: submitted.taskId });

    const tampered = call.body.replace('completed', 'failed');
    expect(verifyWebhook({ headers, body: tampered, secret })).toEqual({ ok: false, reason: 'bad_signature' });
    const otherSecret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expect(verifyWebhook({ headers, body: call.body, secret: otherSecret })).toEqual({ ok: false, reason: 'bad_signature' });
    const later = new Date(Number(headers['webhook-timestamp']) * 1000 + 10 * 60_000);
    expect(verifyWebhook({ headers, body: call.body, secret, now: later })).toEqual({ ok: false, reason: 'timestamp_out_of_range' });
    // A fetch Headers object works as well as Node's header record.
    const fetchHeaders = new Headers(Object.entries(headers).map(([k, v]) => [k, String(v)] as [string, string]));
    expect(verifyWebhook({ headers: fetchHeaders, body: call.body, secret }).ok).toBe(true);
    expect(verifyWebhook({ headers: {}, body: call.body, secret })).toEqual({ ok: false, reason: 'missing_headers' });
  });
});
