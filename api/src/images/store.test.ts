import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeKieServer, startFakeKieServer } from '../../test/fakes/kie-server.ts';
import { GuardedFetchError } from '../net/guarded-fetch.ts';
import { KieImageProvider } from '../providers/image/kie/client.ts';
import { LocalFileStorage } from '../storage/local.ts';
import { randomId } from '../storage/storage.ts';
import { rehostResultImage, storeUploadedBytes, storeUploadedDataUrl } from './store.ts';
import { THUMBNAIL_SIZE, thumbnail, thumbnailKeyFor } from './thumbnail.ts';
import { ImageValidationError, sniffImageType } from './validate.ts';

let dir: string;
let storage: LocalFileStorage;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'images-test-'));
  storage = new LocalFileStorage({ root: join(dir, 'files'), publicBaseUrl: 'https://studio.example.com' });
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function picture(width: number, height: number, format: 'png' | 'jpeg' = 'png') {
  const image = sharp({ create: { width, height, channels: 3, background: '#2288aa' } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

describe('thumbnail', () => {
  it('makes a WebP whose longest side is 384 px', async () => {
    const wide = await thumbnail(await picture(1600, 900));
    expect(sniffImageType(wide.bytes)).toBe('image/webp');
    expect([wide.width, wide.height]).toEqual([THUMBNAIL_SIZE, 216]);
    const tall = await thumbnail(await picture(600, 1200, 'jpeg'));
    expect([tall.width, tall.height]).toEqual([192, THUMBNAIL_SIZE]);
  });

  it('never enlarges small pictures', async () => {
    const small = await thumbnail(await picture(100, 50));
    expect([small.width, small.height]).toEqual([100, 50]);
  });

  it('names the thumbnail after the original', () => {
    expect(thumbnailKeyFor('results/abc/0.png')).toBe('thumbs/results/abc/0.webp');
    expect(thumbnailKeyFor('uploads/xyz.jpg')).toBe('thumbs/uploads/xyz.webp');
  });
});

describe('storeUploadedDataUrl / storeUploadedBytes', () => {
  it('stores a validated upload under an unguessable key, with a thumbnail', async () => {
    const png = await picture(800, 600);
    const stored = await storeUploadedDataUrl(storage, `data:image/png;base64,${png.toString('base64')}`);
    expect(stored.key).toMatch(/^uploads\/[A-Za-z0-9_-]{22}\.png$/);
    expect(stored.url).toBe(`https://studio.example.com/files/${stored.key}`);
    expect([stored.width, stored.height]).toEqual([800, 600]);
    expect((await storage.read(stored.key))?.bytes.equals(png)).toBe(true);
    const thumb = await storage.read(stored.thumbnailKey);
    expect(thumb?.contentType).toBe('image/webp');
    expect((await sharp(thumb!.bytes).metadata()).width).toBe(384);
  });

  it('takes the original back when its thumbnail cannot be written (a store that drops a connection)', async () => {
    const dropping = new LocalFileStorage({ root: join(dir, 'files'), publicBaseUrl: 'https://studio.example.com' });
    const put = dropping.put.bind(dropping);
    dropping.put = async (key, bytes, type) => {
      if (type === 'image/webp') throw new Error('connection reset');
      await put(key, bytes, type);
    };
    await expect(storeUploadedBytes(dropping, await picture(40, 30))).rejects.toThrow('connection reset');
    const left = await readdir(join(dir, 'files'), { recursive: true, withFileTypes: true }).catch(() => []);
    expect(left.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual([]);
  });

  it('stores by the sniffed type and refuses non-images without writing anything', async () => {
    const jpeg = await picture(10, 10, 'jpeg');
    expect((await storeUploadedBytes(storage, jpeg)).key).toMatch(/\.jpg$/);
    await expect(storeUploadedBytes(storage, Buffer.from('<?php echo 1; ?>'))).rejects.toBeInstanceOf(ImageValidationError);
    await expect(storeUploadedDataUrl(storage, 'data:image/svg+xml;base64,PHN2Zz4=')).rejects.toBeInstanceOf(ImageValidationError);
  });
});

describe('rehostResultImage', () => {
  let fake: FakeKieServer;
  beforeAll(async () => {
    fake = await startFakeKieServer({ accounts: { tok: {} } });
  });
  afterAll(async () => {
    await fake.close();
  });

  async function kieResultUrl(): Promise<string> {
    const provider = new KieImageProvider({ token: 'tok', baseUrl: fake.url });
    const { providerTaskId } = await provider.submit({
      type: 'text_to_image',
      prompt: 'x',
      imageSize: 'auto',
      aspectRatio: '1:1',
      outputFormat: 'png',
    });
    return (await provider.getStatus(providerTaskId)).resultUrls![0]!;
  }

  it('downloads a provider result through the guard and stores it under our task id', async () => {
    const url = await kieResultUrl();
    const port = new URL(url).port;
    const taskId = randomId();
    const stored = await rehostResultImage({ storage, url, taskId, index: 0, fetchOptions: { allowPrivateFor: [`127.0.0.1:${port}`] } });
    expect(stored.key).toBe(`results/${taskId}/0.png`);
    expect([stored.width, stored.height]).toEqual([64, 48]);
    expect(await storage.exists(stored.thumbnailKey)).toBe(true);
  });

  it('refuses internal hosts unless the test escape hatch names them', async () => {
    const url = await kieResultUrl();
    const error = await rehostResultImage({ storage, url, taskId: randomId(), index: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GuardedFetchError);
    expect((error as GuardedFetchError).reason).toBe('blocked_address');
  });

  it('keeps our own stored results in place and only adds the thumbnail', async () => {
    const key = `results/${randomId()}/0.png`;
    await storage.put(key, await picture(500, 500), 'image/png');
    const stored = await rehostResultImage({ storage, url: storage.publicUrl(key), taskId: randomId(), index: 0 });
    expect(stored.key).toBe(key);
    expect(stored.thumbnailKey).toBe(thumbnailKeyFor(key));
    expect(await storage.exists(stored.thumbnailKey)).toBe(true);
  });
});
