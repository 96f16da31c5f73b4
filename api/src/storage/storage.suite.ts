// The behaviour every FileStorage backend must have, as one suite that each backend's test file runs
// against a real instance (a temporary folder, a real S3-speaking server).
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FileStorage, isValidStorageKey, newUploadKey, StorageKeyError, serveFile } from './storage.ts';

export interface StorageUnderTest {
  /** Built with `https://studio.example.com/` as its public base URL. */
  storage: FileStorage;
  /** Every key stored so far, sorted, read behind the storage's back (files on disk, objects in the bucket). */
  storedKeys(): Promise<string[]>;
  close(): Promise<void>;
}

export const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/** Keys that must never reach the backend: traversal, odd separators, unknown extensions, too deep. */
export const EVIL_KEYS = [
  '../secret.png',
  'uploads/../../secret.png',
  '/etc/passwd.png',
  'uploads/..%2f..%2fsecret.png',
  'uploads\\..\\..\\secret.png',
  'uploads/./x.png',
  'uploads//x.png',
  'uploads/x.png\0.png',
  'uploads/x.exe',
  'uploads/x',
  '',
  `${'a/'.repeat(10)}x.png`,
];

export function describeFileStorage(name: string, open: () => Promise<StorageUnderTest>): void {
  describe(`${name}: FileStorage behaviour`, () => {
    let under: StorageUnderTest;
    let storage: FileStorage;

    beforeEach(async () => {
      under = await open();
      storage = under.storage;
    });
    afterEach(() => under.close());

    it('puts, reads, streams, checks and deletes a file', async () => {
      const key = newUploadKey('png');
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.get(key)).toBeNull();
      expect(await storage.read(key)).toBeNull();
      await storage.put(key, PNG_BYTES, 'image/png');
      expect(await storage.exists(key)).toBe(true);
      const read = await storage.read(key);
      expect(read?.contentType).toBe('image/png');
      expect(read?.bytes.equals(PNG_BYTES)).toBe(true);
      const streamed = await storage.get(key);
      expect(streamed?.size).toBe(PNG_BYTES.length);
      expect(streamed?.contentType).toBe('image/png');
      const chunks: Buffer[] = [];
      for await (const chunk of streamed?.stream ?? []) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(PNG_BYTES)).toBe(true);
      expect(await under.storedKeys()).toEqual([key]);
      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      expect(await under.storedKeys()).toEqual([]);
      await expect(storage.delete(key)).resolves.toBeUndefined();
    });

    it('keeps nested keys apart and stores empty files', async () => {
      const keys = [
        'results/abcdefghijklmnopqrstuv/0.png',
        'results/abcdefghijklmnopqrstuv/1.png',
        'thumbs/results/abcdefghijklmnopqrstuv/0.webp',
      ];
      for (const [index, key] of keys.entries()) await storage.put(key, Buffer.from([index]), index === 2 ? 'image/webp' : 'image/png');
      await storage.put('sandbox/sbx_abcdefghijklmnopqrstuv.json', Buffer.alloc(0), 'application/json');
      expect(await under.storedKeys()).toEqual([...keys, 'sandbox/sbx_abcdefghijklmnopqrstuv.json'].sort());
      expect((await storage.read(keys[1] ?? ''))?.bytes).toEqual(Buffer.from([1]));
      expect((await storage.read('sandbox/sbx_abcdefghijklmnopqrstuv.json'))?.bytes.length).toBe(0);
      expect((await storage.get('sandbox/sbx_abcdefghijklmnopqrstuv.json'))?.size).toBe(0);
      expect(await storage.exists('results/abcdefghijklmnopqrstuv/2.png')).toBe(false);
    });

    it('lists the keys under a prefix with when each was written, and nothing for a prefix with none', async () => {
      const before = Date.now() - 1000;
      const keys = [
        'results/abcdefghijklmnopqrstuv/0.png',
        'thumbs/results/abcdefghijklmnopqrstuv/0.webp',
        'uploads/abcdefghijklmnopqrstuv.png',
      ];
      for (const key of keys) await storage.put(key, PNG_BYTES, key.endsWith('.webp') ? 'image/webp' : 'image/png');
      const listed = async (prefix: string) => {
        const objects = [];
        for await (const page of storage.list(prefix)) objects.push(...page);
        return objects;
      };
      const uploads = await listed('uploads/');
      expect(uploads.map((object) => object.key)).toEqual(['uploads/abcdefghijklmnopqrstuv.png']);
      expect(uploads[0]?.modifiedAt.getTime()).toBeGreaterThan(before);
      expect(uploads[0]?.modifiedAt.getTime()).toBeLessThan(Date.now() + 1000);
      expect((await listed('results/')).map((object) => object.key)).toEqual([keys[0]]);
      expect((await listed('thumbs/')).map((object) => object.key)).toEqual([keys[1]]);
      expect(await listed('sandbox/')).toEqual([]);
    });

    it("deletes many files at once, past one call's 1,000 keys; a missing file is no failure, an invalid key is", async () => {
      const kept = 'results/keptkeptkeptkeptkept/0.png';
      const gone = [
        'results/abcdefghijklmnopqrstuv/0.png',
        'thumbs/results/abcdefghijklmnopqrstuv/0.webp',
        'uploads/abcdefghijklmnopqrstuv.png',
      ];
      for (const key of [kept, ...gone]) await storage.put(key, PNG_BYTES, key.endsWith('.webp') ? 'image/webp' : 'image/png');
      const missing = Array.from({ length: 1_000 }, (_, n) => `uploads/missing${String(n).padStart(16, '0')}.png`);
      // The stored ones come last, in the second call of a store that takes 1,000 keys a call.
      const failed = await storage.deleteMany([...missing, '../secret.png', ...gone]);
      expect(failed.map(({ key }) => key)).toEqual(['../secret.png']);
      expect(failed[0]?.error).toBeInstanceOf(StorageKeyError);
      expect(await under.storedKeys()).toEqual([kept]);
      expect(await storage.deleteMany([])).toEqual([]);
    });

    it('replaces a file as a whole', async () => {
      const key = 'results/abcdefghijklmnopqrstuv/0.png';
      await storage.put(key, PNG_BYTES, 'image/png');
      await storage.put(key, Buffer.concat([PNG_BYTES, PNG_BYTES]), 'image/png');
      expect((await storage.read(key))?.bytes.equals(Buffer.concat([PNG_BYTES, PNG_BYTES]))).toBe(true);
      expect((await storage.get(key))?.size).toBe(PNG_BYTES.length * 2);
      expect(await under.storedKeys()).toEqual([key]);
    });

    it('refuses a content type that does not match the key, storing nothing', async () => {
      await expect(storage.put('uploads/abcdefghijklmnopqrstuv.png', PNG_BYTES, 'image/jpeg')).rejects.toThrow(/does not match/);
      expect(await under.storedKeys()).toEqual([]);
    });

    it('builds public URLs and maps only its own URLs back to keys', () => {
      const key = 'uploads/abcdefghijklmnopqrstuv.webp';
      expect(storage.publicUrl(key)).toBe('https://studio.example.com/files/uploads/abcdefghijklmnopqrstuv.webp');
      expect(storage.keyFromPublicUrl(storage.publicUrl(key))).toBe(key);
      expect(storage.keyFromPublicUrl('https://evil.example.com/files/uploads/abcdefghijklmnopqrstuv.webp')).toBeNull();
      expect(storage.keyFromPublicUrl('https://studio.example.com/files/../secret.png')).toBeNull();
      expect(storage.keyFromPublicUrl('https://studio.example.com/files/uploads/a.png?x=1')).toBeNull();
      expect(() => storage.publicUrl('../x.png')).toThrow(StorageKeyError);
    });

    it('never passes an invalid key on', async () => {
      for (const key of EVIL_KEYS) {
        expect(isValidStorageKey(key), key).toBe(false);
        await expect(storage.put(key, PNG_BYTES, 'image/png'), key).rejects.toThrow(StorageKeyError);
        expect(await storage.get(key), key).toBeNull();
        expect(await storage.read(key), key).toBeNull();
        expect(await storage.exists(key), key).toBe(false);
        await expect(storage.delete(key), key).rejects.toThrow(StorageKeyError);
      }
      expect(await under.storedKeys()).toEqual([]);
    });

    it('serves public images with safe headers', async () => {
      const key = newUploadKey('png');
      await storage.put(key, PNG_BYTES, 'image/png');
      const served = await serveFile(storage, key);
      expect(served?.headers).toEqual({
        'Content-Type': 'image/png',
        'Content-Length': String(PNG_BYTES.length),
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cross-Origin-Resource-Policy': 'cross-origin',
      });
      expect(await text(served!.stream)).toBe(PNG_BYTES.toString());
    });

    it('serves nothing for missing, invalid and private keys', async () => {
      await storage.put('sandbox/sbx_abcdefghijklmnopqrstuv.json', Buffer.from('{}'), 'application/json');
      expect(await serveFile(storage, 'sandbox/sbx_abcdefghijklmnopqrstuv.json')).toBeNull();
      expect(await serveFile(storage, newUploadKey('png'))).toBeNull();
      expect(await serveFile(storage, '../../etc/passwd')).toBeNull();
      await storage.put('other/abcdefghijklmnopqrstuv.png', PNG_BYTES, 'image/png');
      expect(await serveFile(storage, 'other/abcdefghijklmnopqrstuv.png')).toBeNull();
    });

    it('answers a ping when usable', async () => {
      await expect(storage.ping()).resolves.toBeUndefined();
    });
  });
}
