import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sniffImageType } from '../../../images/validate.ts';
import { LocalFileStorage } from '../../../storage/local.ts';
import { newUploadKey } from '../../../storage/storage.ts';
import { type EditImageJob, ImageProviderError, type TextToImageJob } from '../provider.ts';
import { renderTextToImage } from './render.ts';
import { SANDBOX_FAIL_MARKER, SandboxImageProvider, type SandboxProviderOptions } from './sandbox-provider.ts';

let dir: string;
let storage: LocalFileStorage;
const providers: SandboxImageProvider[] = [];

/** A provider whose background work is awaited before the test folder is removed. */
function make(options: Omit<SandboxProviderOptions, 'storage'> = {}): SandboxImageProvider {
  const provider = new SandboxImageProvider({ storage, ...options });
  providers.push(provider);
  return provider;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-test-'));
  storage = new LocalFileStorage({ root: join(dir, 'files'), publicBaseUrl: 'http://localhost:3000' });
});

afterEach(async () => {
  await Promise.all(providers.splice(0).map((provider) => provider.settle()));
  await rm(dir, { recursive: true, force: true });
});

const textJob: TextToImageJob = {
  type: 'text_to_image',
  prompt: 'a paper boat on a pond',
  imageSize: 'auto',
  aspectRatio: '9:16',
  outputFormat: 'png',
  seed: 10001,
};

async function upload(color: string, width = 200, height = 120): Promise<string> {
  const key = newUploadKey('png');
  const bytes = await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
  await storage.put(key, bytes, 'image/png');
  return storage.publicUrl(key);
}

async function resultOf(provider: SandboxImageProvider, taskId: string) {
  const status = await provider.getStatus(taskId);
  expect(status.state).toBe('success');
  const key = storage.keyFromPublicUrl(status.resultUrls![0]!);
  expect(key).not.toBeNull();
  const file = await storage.read(key!);
  return { key: key!, bytes: file!.bytes, meta: await sharp(file!.bytes).metadata() };
}

async function failure(promise: Promise<unknown>): Promise<ImageProviderError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ImageProviderError);
    return error as ImageProviderError;
  }
  throw new Error('expected an ImageProviderError');
}

describe('SandboxImageProvider', () => {
  it('writes a real picture at the requested size under a key derived from the task id', async () => {
    const provider = make({ delayMs: 0 });
    const { providerTaskId } = await provider.submit(textJob);
    expect(providerTaskId).toMatch(/^sbx_[A-Za-z0-9_-]{22}$/);
    const { key, bytes, meta } = await resultOf(provider, providerTaskId);
    expect(key).toBe(`results/${providerTaskId}/0.png`);
    expect([meta.width, meta.height, meta.format]).toEqual([576, 1024, 'png']);
    expect(bytes.equals(await renderTextToImage(textJob))).toBe(true);
  });

  it('reports pending, then generating, until the delay has passed', async () => {
    let now = 1_000_000;
    const provider = make({ delayMs: 5000, now: () => now });
    const { providerTaskId } = await provider.submit(textJob);
    expect((await provider.getStatus(providerTaskId)).state).toBe('pending');
    now += 2000;
    await provider.settle(providerTaskId);
    expect(await provider.getStatus(providerTaskId)).toEqual({ state: 'generating' });
    now += 3000;
    expect(await provider.getStatus(providerTaskId)).toMatchObject({ state: 'success', ranMs: 5000 });
  });

  it('resumes after a restart, re-rendering the same picture if the file never got written', async () => {
    let now = 5_000_000;
    const first = make({ delayMs: 3000, now: () => now });
    const { providerTaskId } = await first.submit(textJob);
    await first.settle();
    const original = (await storage.read(`results/${providerTaskId}/0.png`))!.bytes;

    // The process dies; the result file is lost with it.
    await storage.delete(`results/${providerTaskId}/0.png`);
    now += 3000;
    const second = make({ delayMs: 3000, now: () => now });
    const { bytes } = await resultOf(second, providerTaskId);
    expect(bytes.equals(original)).toBe(true);

    // A fresh instance before the ready time still says generating.
    const { providerTaskId: later } = await second.submit(textJob);
    const third = make({ delayMs: 3000, now: () => now + 1500 });
    expect((await third.getStatus(later)).state).toBe('generating');
  });

  it('edits with the reference pictures it hosts', async () => {
    const provider = make({ delayMs: 0 });
    const job: EditImageJob = { ...textJob, type: 'edit_image', aspectRatio: '1:1', inputImageUrls: [await upload('#ff0000')] };
    const { bytes, meta } = await resultOf(provider, (await provider.submit(job)).providerTaskId);
    expect([meta.width, meta.height]).toEqual([1024, 1024]);
    const { data } = await sharp(bytes)
      .extract({ left: 512, top: 400, width: 1, height: 1 })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan((data[2] as number) + 100);
    const blue: EditImageJob = { ...job, inputImageUrls: [await upload('#0000ff')] };
    const other = await resultOf(provider, (await provider.submit(blue)).providerTaskId);
    expect(other.bytes.equals(bytes)).toBe(false);
  });

  it('fetches foreign reference URLs only through the SSRF guard', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(png);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const job: EditImageJob = { ...textJob, type: 'edit_image', inputImageUrls: [`http://127.0.0.1:${port}/ref.png`] };
      const guarded = make({ delayMs: 0 });
      const refused = await guarded.getStatus((await guarded.submit(job)).providerTaskId);
      expect(refused.state).toBe('fail');
      expect(refused.failMessage).toMatch(/not allowed/);

      const allowed = make({ delayMs: 0, fetchImageOptions: { allowPrivateFor: [`127.0.0.1:${port}`] } });
      expect((await allowed.getStatus((await allowed.submit(job)).providerTaskId)).state).toBe('success');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('upscales x2, x3 and x4 and keeps jpeg sources as jpeg', async () => {
    const provider = make({ delayMs: 0 });
    const source = await upload('#884422', 120, 80);
    for (const scale of [2, 3, 4] as const) {
      const { providerTaskId } = await provider.submit({ type: 'upscale', imageUrl: source, scale, faceEnhancement: scale === 4 });
      const { meta } = await resultOf(provider, providerTaskId);
      expect([meta.width, meta.height], `x${scale}`).toEqual([120 * scale, 80 * scale]);
    }
    const jpegKey = 'uploads/abcdefghijklmnopqrstuv.jpg';
    await storage.put(
      jpegKey,
      await sharp({ create: { width: 40, height: 40, channels: 3, background: '#fff' } })
        .jpeg()
        .toBuffer(),
      'image/jpeg',
    );
    const { providerTaskId } = await provider.submit({
      type: 'upscale',
      imageUrl: storage.publicUrl(jpegKey),
      scale: 2,
      faceEnhancement: false,
    });
    const { key, bytes } = await resultOf(provider, providerTaskId);
    expect(key.endsWith('/0.jpg')).toBe(true);
    expect(sniffImageType(bytes)).toBe('image/jpeg');
  });

  it('respects outputFormat jpeg for generated pictures', async () => {
    const provider = make({ delayMs: 0 });
    const { providerTaskId } = await provider.submit({ ...textJob, outputFormat: 'jpeg' });
    const { key, bytes } = await resultOf(provider, providerTaskId);
    expect(key).toBe(`results/${providerTaskId}/0.jpg`);
    expect(sniffImageType(bytes)).toBe('image/jpeg');
  });

  it('fails a task on request, and when a reference is gone', async () => {
    const provider = make({ delayMs: 0 });
    const failed = await provider.getStatus((await provider.submit({ ...textJob, prompt: `boat ${SANDBOX_FAIL_MARKER}` })).providerTaskId);
    expect(failed).toEqual({ state: 'fail', failMessage: 'Sandbox: simulated failure requested by the prompt' });
    const missing = storage.publicUrl(newUploadKey('png'));
    const gone = await provider.getStatus(
      (await provider.submit({ ...textJob, type: 'edit_image', inputImageUrls: [missing] })).providerTaskId,
    );
    expect(gone.state).toBe('fail');
    expect(gone.failMessage).toContain('no longer exists');
  });

  it('refuses invalid jobs at submit', async () => {
    const provider = make({ delayMs: 0 });
    const cases = [
      { ...textJob, prompt: '  ' },
      { ...textJob, prompt: 'x'.repeat(5001) },
      { ...textJob, aspectRatio: '2:1' },
      { ...textJob, type: 'edit_image', inputImageUrls: [] },
      { ...textJob, type: 'edit_image', inputImageUrls: Array(6).fill('https://a.example/x.png') },
      { ...textJob, type: 'edit_image', inputImageUrls: ['file:///etc/passwd'] },
      { type: 'upscale', imageUrl: 'https://a.example/x.png', scale: 8, faceEnhancement: false },
    ];
    for (const job of cases) {
      expect((await failure(provider.submit(job as never))).kind).toBe('validation');
    }
  });

  it('answers not_found for unknown and malformed task ids', async () => {
    const provider = make({ delayMs: 0 });
    expect((await failure(provider.getStatus('sbx_AAAAAAAAAAAAAAAAAAAAAA'))).kind).toBe('not_found');
    expect((await failure(provider.getStatus('../../etc/passwd'))).kind).toBe('not_found');
  });
});

describe('SandboxImageProvider default delay', () => {
  let provider: SandboxImageProvider;
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'sandbox-default-'));
    provider = new SandboxImageProvider({ storage: new LocalFileStorage({ root, publicBaseUrl: 'http://localhost' }) });
  });
  afterAll(async () => {
    await provider.settle();
    await rm(root, { recursive: true, force: true });
  });

  it('takes a few seconds by default so progress is visible', async () => {
    const { providerTaskId } = await provider.submit(textJob);
    expect(['pending', 'generating']).toContain((await provider.getStatus(providerTaskId)).state);
  });
});
