import OpenAI, { toFile } from 'openai';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, createUser, startTestServer, type TestServer } from '../../../test/index.ts';
import { ImageTask } from '../studio/index.ts';
import { balanceOf } from '../studio/testing/kit.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

describe('OpenAI-compatible images API', () => {
  let server: TestServer;
  let token: string;
  let userId: string;
  let client: OpenAI;
  let picture: Buffer;

  beforeAll(async () => {
    server = await startTestServer({
      studio: { sandboxDelayMs: 0, pollMinMs: 50, pollMaxMs: 200 },
      config: { automationRatePerMinute: 1000 },
    });
    const user = await createUser(server, { credits: 100 });
    userId = user.id;
    token = await createToken(server, user);
    client = new OpenAI({ apiKey: token, baseURL: `${server.url}/v1`, maxRetries: 0 });
    picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const raw = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('lists the models', async () => {
    const models = await client.models.list();
    expect(models.data.map((model) => model.id)).toEqual(['nano-banana']);
  });

  it('generates with b64_json by default, charged at the API price and shown as API', async () => {
    const before = await balanceOf(server.orm, userId);
    const started = Date.now();
    const answer = await client.images.generate({ model: 'nano-banana', prompt: 'a red fox in snow', size: '1536x1024' });
    const took = Date.now() - started;
    const image = Buffer.from(answer.data?.[0]?.b64_json ?? '', 'base64');
    expect(image.subarray(0, 4)).toEqual(PNG_SIGNATURE);
    expect(answer).toMatchObject({ output_format: 'png', size: '896x672', usage: { credits_used: 4 } });
    expect(await balanceOf(server.orm, userId)).toBe(before - 4);
    const [task] = await server.orm.em.fork().find(ImageTask, { user: userId }, { orderBy: { createdAt: 'desc' }, limit: 1 });
    expect(task).toMatchObject({ createdVia: 'api', aspectRatio: '4:3', generationType: 'text_to_image' });
    console.info(`/v1 generate end to end: ${took} ms`);
  });

  it('generates with url: our stored file', async () => {
    const answer = await client.images.generate({ prompt: 'a lighthouse', response_format: 'url', size: '1024x1024', quality: 'high' });
    const url = answer.data?.[0]?.url ?? '';
    expect(url.startsWith(server.url)).toBe(true);
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
  });

  it('edits one image and several (sent as image[])', async () => {
    const one = await client.images.edit({ image: await toFile(picture, 'cat.png', { type: 'image/png' }), prompt: 'add a scarf' });
    expect(Buffer.from(one.data?.[0]?.b64_json ?? '', 'base64').subarray(0, 4)).toEqual(PNG_SIGNATURE);
    const files = await Promise.all([1, 2, 3].map((n) => toFile(picture, `ref${n}.png`, { type: 'image/png' })));
    const several = await client.images.edit({ image: files, prompt: 'combine them', response_format: 'url' });
    expect(several.data?.[0]?.url).toMatch(/^http/);
    const [task] = await server.orm.em.fork().find(ImageTask, { user: userId }, { orderBy: { createdAt: 'desc' }, limit: 1 });
    expect(task?.generationType).toBe('edit_image');
    expect(task?.inputImageUrls).toHaveLength(3);
  });

  it('refuses an edit without images or with more than 5, naming the field', async () => {
    const send = async (count: number) => {
      const form = new FormData();
      form.set('prompt', 'x');
      for (let i = 0; i < count; i++) form.append('image[]', new Blob([new Uint8Array(picture)], { type: 'image/png' }), `ref${i}.png`);
      const res = await fetch(`${server.url}/v1/images/edits`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      return { status: res.status, body: (await res.json()) as { error: { param: string } } };
    };
    for (const [count, param] of [
      [0, 'image'],
      [6, 'image[]'],
    ] as const) {
      const res = await send(count);
      expect(res.status).toBe(400);
      expect(res.body.error.param).toBe(param);
    }
  });

  it('refuses a wrong key with 401 in OpenAI error shape', async () => {
    const wrong = new OpenAI({ apiKey: 'nbk_wrong', baseURL: `${server.url}/v1`, maxRetries: 0 });
    const error = await wrong.images.generate({ prompt: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((error as InstanceType<typeof OpenAI.AuthenticationError>).error).toMatchObject({
      type: 'authentication_error',
      code: 'unauthorized',
    });
  });

  it('refuses an unknown size and n>4 with 400 naming the field', async () => {
    const error = await client.images.generate({ prompt: 'x', size: '640x480' as '1024x1024' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).error).toMatchObject({ param: 'size', code: 'validation_failed' });
    const many = await raw('/v1/images/generations', { prompt: 'x', n: 5 });
    expect(many.status).toBe(400);
    expect(await many.json()).toMatchObject({ error: { param: 'n', type: 'invalid_request_error' } });
  });

  it('answers as Open WebUI asks (512x512, b64_json)', async () => {
    const res = await raw('/v1/images/generations', {
      model: 'nano-banana',
      prompt: 'a cat',
      n: 1,
      size: '512x512',
      response_format: 'b64_json',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { b64_json: string }[] };
    expect(Buffer.from(body.data[0]?.b64_json ?? '', 'base64').subarray(0, 4)).toEqual(PNG_SIGNATURE);
  });

  it('answers as LibreChat asks (gpt-image-1, size and quality auto)', async () => {
    const res = await raw('/v1/images/generations', { model: 'gpt-image-1', prompt: 'a dog', n: 1, size: 'auto', quality: 'auto' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { b64_json: string }[] };
    expect(body.data[0]?.b64_json.length).toBeGreaterThan(100);
  });

  it('a retry with the same Idempotency-Key is not charged again', async () => {
    const before = await balanceOf(server.orm, userId);
    const body = { prompt: 'one intent', size: '1024x1024' };
    const first = await raw('/v1/images/generations', body, { 'idempotency-key': 'retry-1' });
    const again = await raw('/v1/images/generations', body, { 'idempotency-key': 'retry-1' });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await balanceOf(server.orm, userId)).toBe(before - 4);
  });

  it('a task failing upstream is a 502 and refunded', async () => {
    const before = await balanceOf(server.orm, userId);
    const res = await raw('/v1/images/generations', { prompt: 'please [sandbox:fail]' });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: { code: 'generation_failed', type: 'server_error' } });
    expect(await balanceOf(server.orm, userId)).toBe(before);
  });

  it('402 in OpenAI shape without credits', async () => {
    const poor = await createToken(server, await createUser(server, { credits: 0 }));
    const res = await raw('/v1/images/generations', { prompt: 'x' }, { authorization: `Bearer ${poor}` });
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ error: { code: 'insufficient_credits', type: 'insufficient_quota' } });
  });
});
