import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import Koa from 'koa';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, decodedBody, rawRequest, signIn, startTestServer, type TestServer } from '../../test/index.ts';
import { insertTask } from '../modules/studio/testing/kit.ts';
import { COMPRESS_THRESHOLD, isCompressibleAnswer } from './compression.ts';
import type { AppContextExtras, AppState } from './context.ts';
import { requestFrame } from './request-frame.ts';

const CHROME = 'gzip, deflate, br, zstd';

describe('compressing answers of the app', () => {
  let server: TestServer;
  let cookie: string;
  let userId: string;
  let imagePath: string;
  let image: Buffer;
  const list = '/api/image-tasks?page=1&limit=16&days=7';

  beforeAll(async () => {
    server = await startTestServer();
    const user = await createUser(server);
    userId = user.id;
    cookie = await signIn(server, user);
    for (let n = 0; n < 16; n += 1) await insertTask(server.orm, user.id, { prompt: `a prompt long enough to matter, number ${n}` });
    // Noise, so the PNG is well above the threshold and would shrink no further.
    image = await sharp(randomBytes(64 * 64 * 3), { raw: { width: 64, height: 64, channels: 3 } })
      .png()
      .toBuffer();
    await server.studio.storage.put('results/tsk_compress/0.png', image, 'image/png');
    imagePath = '/files/results/tsk_compress/0.png';
  });
  afterAll(() => server?.close());

  it('sends a large JSON list as brotli or gzip that decodes to the same JSON as the plain answer', async () => {
    const plain = await rawRequest(`${server.url}${list}`, { headers: { cookie, 'Accept-Encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    const json = JSON.parse(plain.bytes.toString('utf8'));
    for (const [accept, encoding] of [
      [CHROME, 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const res = await rawRequest(`${server.url}${list}`, { headers: { cookie, 'Accept-Encoding': accept } });
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers['content-type'], accept).toMatch(/^application\/json/);
      expect(res.bytes.length, accept).toBeLessThan(plain.bytes.length);
      expect(JSON.parse(decodedBody(res).toString('utf8')), accept).toEqual(json);
    }
  });

  it("keeps the list's 304: to a client taking compression the tag is weak, on the 200 and the 304, and still matches", async () => {
    const first = await rawRequest(`${server.url}${list}`, { headers: { cookie, 'Accept-Encoding': 'br' } });
    const etag = first.headers.etag ?? '';
    expect(etag).toMatch(/^W\/"/);
    const again = await rawRequest(`${server.url}${list}`, { headers: { cookie, 'Accept-Encoding': 'br', 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    // The 304 names the answer as the 200 did.
    expect(again.headers.etag).toBe(etag);
    // Uncompressed, the same tag stays strong.
    const plain = await rawRequest(`${server.url}${list}`, { headers: { cookie, 'Accept-Encoding': 'identity' } });
    expect(plain.headers.etag).toBe(etag.slice(2));
  });

  it('sends a page read again in the encoding a fresh one took, from bytes compressed once, and never a stale page', async () => {
    const read = (accept: string) => rawRequest(`${server.url}${list}`, { headers: { cookie, 'Accept-Encoding': accept } });
    const plain = JSON.parse((await read('identity')).bytes.toString('utf8'));
    // The second header prefers gzip by its weights: the kept bytes follow the same choice as the compressor's.
    for (const [accept, encoding] of [
      ['br, gzip;q=0.5', 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
    ] as const) {
      const reads = [await read(accept), await read(accept), await read(accept)];
      for (const res of reads) {
        expect(res.status, accept).toBe(200);
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        expect(res.headers.etag, accept).toBe(reads[0]?.headers.etag);
        expect(JSON.parse(decodedBody(res).toString('utf8')), accept).toEqual(plain);
      }
      // The page's compressed bytes are kept: read again, the very same bytes, sent whole with their length.
      expect(reads[2]?.bytes.equals(reads[1]?.bytes ?? Buffer.alloc(0)), accept).toBe(true);
      expect(Number(reads[2]?.headers['content-length']), accept).toBe(reads[2]?.bytes.length);
    }
    await insertTask(server.orm, userId, { prompt: 'a task added after the page was kept' });
    await server.heard();
    const changed = await read('br, gzip;q=0.5');
    expect(changed.headers['content-encoding']).toBe('br');
    const tasks = (JSON.parse(decodedBody(changed).toString('utf8')) as { tasks: { prompt: string }[] }).tasks;
    expect(tasks.map((task) => task.prompt)).toContain('a task added after the page was kept');
  });

  it('leaves small answers and clients without Accept-Encoding alone', async () => {
    const small = await rawRequest(`${server.url}/healthz`, { headers: { 'Accept-Encoding': CHROME } });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(Number(small.headers['content-length'])).toBe(small.bytes.length);
    const none = await rawRequest(`${server.url}${list}`, { headers: { cookie } });
    expect(none.headers['content-encoding']).toBeUndefined();
  });

  it('sends stored images as they are', async () => {
    const res = await rawRequest(`${server.url}${imagePath}`, { headers: { 'Accept-Encoding': CHROME } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.bytes.equals(image)).toBe(true);
  });
});

describe('what the request frame leaves uncompressed', () => {
  let app: Server;
  let url: string;
  const big = JSON.stringify({ items: Array.from({ length: 200 }, (_, n) => ({ n, text: 'repeated text' })) });

  beforeAll(async () => {
    const koa = new Koa<AppState, AppContextExtras>();
    koa.use(requestFrame({ logger: pino({ level: 'silent' }), harden: { every: () => {}, page: () => {} }, observe: () => {} }));
    koa.use((ctx) => {
      if (ctx.path === '/events') {
        // An event stream is written bit by bit and must reach the client as each event is written.
        ctx.type = 'text/event-stream';
        ctx.body = Readable.from([`data: ${'x'.repeat(2000)}\n\n`, 'data: done\n\n']);
      } else if (ctx.path === '/encoded') {
        ctx.type = 'application/json';
        ctx.set('Content-Encoding', 'gzip');
        ctx.body = gzipSync(big);
      } else if (ctx.path === '/script') {
        ctx.type = 'application/javascript';
        ctx.body = `console.log(${JSON.stringify(big)})`;
      } else {
        ctx.body = JSON.parse(big);
      }
    });
    app = createServer(koa.callback());
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => app.close(() => resolve())));

  it('compresses JSON, and nothing of the other kinds', async () => {
    const json = await rawRequest(`${url}/json`, { headers: { 'Accept-Encoding': CHROME } });
    expect(json.headers['content-encoding']).toBe('br');
    const events = await rawRequest(`${url}/events`, { headers: { 'Accept-Encoding': CHROME } });
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.bytes.toString()).toContain('data: done');
    // Files are compressed at build time; JavaScript from anywhere else is not worth compressing per request here.
    const script = await rawRequest(`${url}/script`, { headers: { 'Accept-Encoding': CHROME } });
    expect(script.headers['content-encoding']).toBeUndefined();
  });

  it('never encodes an answer twice', async () => {
    const res = await rawRequest(`${url}/encoded`, { headers: { 'Accept-Encoding': CHROME } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(decodedBody(res).toString()).toBe(big);
  });

  it('takes JSON, problem+json and HTML only', () => {
    expect(isCompressibleAnswer('application/json; charset=utf-8')).toBe(true);
    expect(isCompressibleAnswer('application/problem+json')).toBe(true);
    expect(isCompressibleAnswer('text/html; charset=utf-8')).toBe(true);
    for (const type of ['text/event-stream', 'image/png', 'image/svg+xml', 'application/octet-stream', 'text/plain']) {
      expect(isCompressibleAnswer(type), type).toBe(false);
    }
  });
});
