// Damaged images and polyglots, as an attacker sends them: damaged files are refused with a 400 and leave no byte
// behind (a batch is stored whole or not at all), polyglots are stored as the clean image they pretend to be.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { Problem, UploadImagesResponse } from '@app/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { userWithCredits } from '../testing/kit.ts';

const IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/** A real PNG of noisy pixels (so its data chunk is large enough to damage in the middle). */
async function noisyPng(width = 96, height = 64): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Where the first chunk of `type` starts (its length field). */
function chunkOffset(png: Buffer, type: string): number {
  let offset = 8;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    if (png.toString('latin1', offset + 4, offset + 8) === type) return offset;
    offset += 12 + length;
  }
  throw new Error(`no ${type} chunk`);
}

const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

async function countFiles(root: string): Promise<number> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}

describe('hostile uploads', () => {
  let server: TestServer;
  let cookie: string;
  let png: Buffer;

  beforeAll(async () => {
    server = await startTestServer({ studio: { uploadsPerWindow: 100 } });
    cookie = await signIn(server, await userWithCredits(server.orm, 0));
    png = await noisyPng();
  });
  afterAll(() => server?.close());

  const upload = (images: string[]) =>
    server.request<UploadImagesResponse & Problem>('POST', '/api/upload-images', { cookie, body: { images } });
  const files = () => countFiles(server.config.studio.filesDir);

  it('refuses damaged PNGs with a 400 naming the image, and writes nothing', async () => {
    const badHeaderCrc = Buffer.from(png);
    badHeaderCrc[8 + 8 + 13] = (badHeaderCrc[8 + 8 + 13] ?? 0) ^ 0xff;
    const brokenData = Buffer.from(png);
    const idat = chunkOffset(brokenData, 'IDAT');
    const idatLength = brokenData.readUInt32BE(idat);
    brokenData.fill(0x55, idat + 8 + Math.floor(idatLength / 3), idat + 8 + Math.floor(idatLength / 3) + 64);
    const truncated = png.subarray(0, Math.floor(png.length * 0.6));

    const before = await files();
    for (const [name, damaged] of Object.entries({ badHeaderCrc, brokenData, truncated })) {
      const res = await upload([dataUrl(damaged)]);
      expect(res.status, name).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
      expect(res.body.errors?.[0]?.pointer, name).toBe('/body/images/0');
    }
    expect(await files()).toBe(before);
  });

  it('stores nothing of a batch with one damaged image among valid ones', async () => {
    const before = await files();
    const truncated = png.subarray(0, Math.floor(png.length * 0.6));
    const valid = dataUrl(png);
    const res = await upload([valid, valid, truncated.length ? dataUrl(truncated) : valid, valid, valid]);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.pointer)).toEqual(['/body/images/2']);
    expect(await files()).toBe(before);
  });

  it('stores polyglots as clean images: nothing after the end, no text chunks', async () => {
    const iend = chunkOffset(png, 'IEND');
    const htmlAfterEnd = Buffer.concat([png, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const scriptInText = Buffer.concat([
      png.subarray(0, iend),
      chunk('tEXt', Buffer.from('Comment\u0000<script>alert(1)</script>', 'latin1')),
      png.subarray(iend),
    ]);
    const zipAppended = Buffer.concat([png, Buffer.from('504b0304140000000800', 'hex'), Buffer.from('payload.txt')]);
    const res = await upload([dataUrl(htmlAfterEnd), dataUrl(scriptInText), dataUrl(zipAppended)]);
    expect(res.status).toBe(201);
    for (const url of res.body.urls) {
      const key = decodeURIComponent(new URL(url).pathname.replace(/^\/files\//, ''));
      const stored = await readFile(join(server.config.studio.filesDir, key));
      expect(stored.subarray(0, 8)).toEqual(png.subarray(0, 8));
      expect(stored.subarray(-12)).toEqual(IEND);
      const text = stored.toString('latin1');
      for (const marker of ['<script', '<html', 'tEXt', 'PK\u0003\u0004', 'payload.txt']) expect(text, url).not.toContain(marker);
      const served = await fetch(url);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer())).toEqual(stored);
      expect((await sharp(stored).metadata()).width).toBe(96);
    }
  });
});
