import { readdir } from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
import type { Problem, UploadImagesResponse } from '@app/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { pngDataUrl, userWithCredits } from '../testing/kit.ts';

/** A PNG whose header gives the size (the pixel data is a stub): enough for a header read. */
function pngHeaderClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Files stored under `uploads/` so far. */
async function storedUploads(server: TestServer): Promise<string[]> {
  return readdir(`${server.config.studio.filesDir}/uploads`).catch(() => []);
}

describe('POST /api/upload-images', () => {
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startTestServer({ studio: { uploadsPerWindow: 12 } });
    cookie = await signIn(server, await userWithCredits(server.orm, 0));
  });
  afterAll(() => server?.close());

  const upload = (images: string[]) =>
    server.request<UploadImagesResponse & Problem>('POST', '/api/upload-images', { cookie, body: { images } });

  it('stores PNG, JPEG and WebP under unguessable names, with thumbnails, in order', async () => {
    const jpeg = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    const webp = await sharp({ create: { width: 20, height: 30, channels: 3, background: '#654321' } })
      .webp()
      .toBuffer();
    const res = await upload([
      await pngDataUrl(),
      `data:image/jpeg;base64,${jpeg.toString('base64')}`,
      `data:image/webp;base64,${webp.toString('base64')}`,
    ]);
    expect(res.status).toBe(201);
    expect(res.body.urls).toHaveLength(3);
    const [png, jpg, wp] = res.body.urls;
    expect(png).toMatch(new RegExp(`^${server.url}/files/uploads/[A-Za-z0-9_-]{22}\\.png$`));
    expect(jpg).toMatch(/\/uploads\/[A-Za-z0-9_-]{22}\.jpg$/);
    expect(wp).toMatch(/\/uploads\/[A-Za-z0-9_-]{22}\.webp$/);
    const served = await fetch(png ?? '');
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
    const thumb = await fetch((png ?? '').replace('/files/uploads/', '/files/thumbs/uploads/').replace(/\.png$/, '.webp'));
    expect(thumb.status).toBe(200);
  });

  it('refuses bytes that are not an image whatever the data URL says, pointing at the image', async () => {
    const before = await storedUploads(server);
    const fake = `data:image/png;base64,${Buffer.from('GIF89a but really just text, not a picture').toString('base64')}`;
    const res = await upload([await pngDataUrl(), fake]);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_image');
    expect(res.body.errors).toEqual([{ pointer: '/body/images/1', detail: 'Only PNG, JPEG and WebP images are accepted.' }]);
    // The valid first image was not stored either.
    expect(await storedUploads(server)).toEqual(before);
  });

  it('answers 413 for an image over 10 MB, without decoding or storing anything', async () => {
    const before = await storedUploads(server);
    const big = `data:image/png;base64,${'A'.repeat(14_100_000)}`;
    const res = await upload([await pngDataUrl(), big]);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('image_too_large');
    expect(res.body.errors?.map((e) => e.pointer)).toEqual(['/body/images/1']);
    expect(await storedUploads(server)).toEqual(before);
  });

  it('refuses more than 5 images and an empty list', async () => {
    const one = await pngDataUrl(8, 8);
    const many = await upload(Array.from({ length: 6 }, () => one));
    expect(many.status).toBe(400);
    expect(many.body.errors?.[0]?.pointer).toBe('/body/images');
    const none = await upload([]);
    expect(none.status).toBe(400);
    expect(none.body.errors?.[0]?.pointer).toBe('/body/images');
  });

  it('refuses malformed data URLs and unsupported types, one pointer each', async () => {
    const res = await upload([
      'https://example.com/cat.png',
      'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
      'data:image/png;base64,not base64 at all!!',
      'data:image/png,rawtext',
      await pngDataUrl(8, 8),
    ]);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.pointer)).toEqual(['/body/images/0', '/body/images/1', '/body/images/2', '/body/images/3']);
    expect(res.body.errors?.[1]?.detail).toBe('Only PNG, JPEG and WebP images are accepted.');
  });

  it('refuses an image with too many pixels (a decompression bomb) before decoding it', async () => {
    // A PNG whose header claims 20000 x 20000 pixels; only the header is ever read.
    const res = await upload([`data:image/png;base64,${pngHeaderClaiming(20_000, 20_000).toString('base64')}`]);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.detail).toMatch(/megapixels/);
  });

  it('limits uploads per user (429 with Retry-After)', async () => {
    const small = await pngDataUrl(4, 4);
    let last = await upload([small]);
    for (let i = 0; i < 12 && last.status !== 429; i++) last = await upload([small]);
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
