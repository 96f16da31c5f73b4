// The S3 backend against a real S3-speaking server (s3rver): the shared FileStorage behaviour, then what only a
// bucket can get wrong (prefixes, content types, missing buckets, bad credentials, an unreachable store).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3-server.ts';
import { createFileStorage } from './create.ts';
import { S3FileStorage } from './s3.ts';
import { describeFileStorage, PNG_BYTES } from './storage.suite.ts';

const publicBaseUrl = 'https://studio.example.com/';
let s3: TestS3;

beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3?.close());

/** Each test gets its own bucket, so everything in it is that test's doing, inside the prefix or not. */
for (const prefix of ['studio/files/', '']) {
  describeFileStorage(`S3FileStorage (prefix "${prefix}")`, async () => {
    const bucket = await s3.createBucket();
    const storage = new S3FileStorage({ ...s3.storage({ bucket, prefix }), publicBaseUrl });
    return {
      storage,
      storedKeys: async () =>
        (await s3.objectNames(bucket)).map((name) => (name.startsWith(prefix) ? name.slice(prefix.length) : `outside the prefix: ${name}`)),
      close: async () => storage.close(),
    };
  });
}

describe('S3FileStorage in the bucket', () => {
  it('is what the configuration builds for STORAGE=s3', () => {
    const storage = createFileStorage({ storage: s3.storage({ prefix: 'p/' }), filesDir: '/unused', publicBaseUrl });
    expect(storage).toBeInstanceOf(S3FileStorage);
    expect((storage as S3FileStorage).objectKey('uploads/a.png')).toBe('p/uploads/a.png');
    storage.close?.();
  });

  it('stores objects under the prefix with their content type, and streams large ones whole', async () => {
    const bucket = await s3.createBucket();
    const storage = new S3FileStorage({ ...s3.storage({ bucket, prefix: 'studio/' }), publicBaseUrl });
    const large = randomBytes(3 * 1024 * 1024 + 17);
    await storage.put('results/abcdefghijklmnopqrstuv/0.webp', large, 'image/webp');
    await storage.put('uploads/abcdefghijklmnopqrstuv.jpg', PNG_BYTES, 'image/jpeg');
    expect(await s3.objectNames(bucket)).toEqual([
      'studio/results/abcdefghijklmnopqrstuv/0.webp',
      'studio/uploads/abcdefghijklmnopqrstuv.jpg',
    ]);
    const stored = await s3.object('studio/results/abcdefghijklmnopqrstuv/0.webp', bucket);
    expect(stored?.contentType).toBe('image/webp');
    expect(stored?.bytes.equals(large)).toBe(true);
    expect((await s3.object('studio/uploads/abcdefghijklmnopqrstuv.jpg', bucket))?.contentType).toBe('image/jpeg');

    const file = await storage.get('results/abcdefghijklmnopqrstuv/0.webp');
    expect(file?.size).toBe(large.length);
    const chunks: Buffer[] = [];
    for await (const chunk of file?.stream ?? []) chunks.push(chunk as Buffer);
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).equals(large)).toBe(true);
    storage.close();
  });

  it('lists a prefix holding more than one page of objects, page by page', async () => {
    // S3 answers at most 1,000 keys a page; the clean-up sweep must follow the continuation token to the end.
    const bucket = await s3.createBucket();
    const storage = new S3FileStorage({ ...s3.storage({ bucket, prefix: 'studio/' }), publicBaseUrl });
    const keys = Array.from({ length: 1_001 }, (_, n) => `results/${String(n).padStart(22, 'a')}/0.png`);
    for (let n = 0; n < keys.length; n += 50) {
      await Promise.all(keys.slice(n, n + 50).map((key) => storage.put(key, PNG_BYTES, 'image/png')));
    }
    const pages: string[][] = [];
    for await (const page of storage.list('results/')) pages.push(page.map((object) => object.key));
    expect(pages.length).toBe(2);
    expect(pages.flat().sort()).toEqual([...keys].sort());
    storage.close();
  });

  it('treats a missing bucket as a failure, never as a missing file', async () => {
    const storage = new S3FileStorage({ ...s3.storage({ bucket: 'no-such-bucket' }), publicBaseUrl });
    await expect(storage.get('uploads/abcdefghijklmnopqrstuv.png')).rejects.toThrow(/bucket/i);
    await expect(storage.read('uploads/abcdefghijklmnopqrstuv.png')).rejects.toThrow(/bucket/i);
    await expect(storage.put('uploads/abcdefghijklmnopqrstuv.png', PNG_BYTES, 'image/png')).rejects.toThrow(/bucket/i);
    await expect(storage.delete('uploads/abcdefghijklmnopqrstuv.png')).rejects.toThrow(/bucket/i);
    await expect(storage.ping()).rejects.toThrow(`The bucket no-such-bucket at ${s3.endpoint} cannot be used: HTTP 404 (no such bucket)`);
    storage.close();
  });

  // s3rver checks the key id of SigV4 requests but not the signature itself, so the wrong credential is the id.
  it('fails its ping with credentials the store does not know, and reading fails too', async () => {
    const storage = new S3FileStorage({ ...s3.storage({ accessKeyId: 'NOT-A-KEY' }), publicBaseUrl });
    await expect(storage.ping()).rejects.toThrow(/cannot be used: HTTP 403 \(access denied\)/);
    await expect(storage.get('uploads/abcdefghijklmnopqrstuv.png')).rejects.toThrow(/Access Key Id/i);
    storage.close();
  });

  it('fails its ping when nothing answers at the endpoint', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    const storage = new S3FileStorage({ ...s3.storage({ endpoint: `http://127.0.0.1:${port}` }), publicBaseUrl });
    await expect(storage.ping()).rejects.toThrow(new RegExp(`studio-files at http://127.0.0.1:${port} cannot be used: .*ECONNREFUSED`));
    storage.close();
  });
});
