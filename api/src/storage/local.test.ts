import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultFilesRoot, LocalFileStorage } from './local.ts';
import { isValidStorageKey, newUploadKey, randomId, resultKey, StorageKeyError, serveFile } from './storage.ts';

let dir: string;
let storage: LocalFileStorage;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'storage-test-'));
  storage = new LocalFileStorage({ root: join(dir, 'files'), publicBaseUrl: 'https://studio.example.com/' });
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('LocalFileStorage', () => {
  it('puts, reads, streams, checks and deletes a file', async () => {
    const key = newUploadKey('png');
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, PNG_BYTES, 'image/png');
    expect(await storage.exists(key)).toBe(true);
    const read = await storage.read(key);
    expect(read?.contentType).toBe('image/png');
    expect(read?.bytes.equals(PNG_BYTES)).toBe(true);
    const streamed = await storage.get(key);
    expect(streamed?.size).toBe(PNG_BYTES.length);
    const chunks: Buffer[] = [];
    for await (const chunk of streamed?.stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(PNG_BYTES)).toBe(true);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('overwrites atomically and leaves no temp files behind', async () => {
    const key = 'results/abcdefghijklmnopqrstuv/0.png';
    await storage.put(key, PNG_BYTES, 'image/png');
    await storage.put(key, Buffer.concat([PNG_BYTES, PNG_BYTES]), 'image/png');
    expect((await storage.read(key))?.bytes.length).toBe(PNG_BYTES.length * 2);
    expect(await readdir(join(dir, 'files/results/abcdefghijklmnopqrstuv'))).toEqual(['0.png']);
  });

  it('refuses a content type that does not match the key', async () => {
    await expect(storage.put('uploads/abcdefghijklmnopqrstuv.png', PNG_BYTES, 'image/jpeg')).rejects.toThrow(/does not match/);
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

  it('makes path traversal impossible', async () => {
    const outside = join(dir, 'secret.png');
    await writeFile(outside, 'top secret');
    const evil = [
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
    for (const key of evil) {
      expect(isValidStorageKey(key), key).toBe(false);
      await expect(storage.put(key, PNG_BYTES, 'image/png'), key).rejects.toThrow(StorageKeyError);
      expect(await storage.get(key), key).toBeNull();
      expect(await storage.read(key), key).toBeNull();
      expect(await storage.exists(key), key).toBe(false);
      await expect(storage.delete(key), key).rejects.toThrow(StorageKeyError);
    }
    expect(await readFile(outside, 'utf8')).toBe('top secret');
    expect(existsSync(join(dir, 'files'))).toBe(false);
  });

  it('defaults to <dataDir>/files', () => {
    expect(defaultFilesRoot('/var/lib/studio')).toBe('/var/lib/studio/files');
  });
});

describe('keys', () => {
  it('upload keys carry 128 random bits and never repeat', () => {
    const keys = new Set(Array.from({ length: 2000 }, () => newUploadKey('png')));
    expect(keys.size).toBe(2000);
    for (const key of [...keys].slice(0, 20)) {
      expect(key).toMatch(/^uploads\/[A-Za-z0-9_-]{22}\.png$/);
      expect(Buffer.from(key.slice(8, 30), 'base64url').length).toBe(16);
    }
    expect(randomId()).not.toBe(randomId());
  });

  it('result keys need an unguessable-looking task id', () => {
    const id = randomId();
    expect(resultKey(id, 0, 'png')).toBe(`results/${id}/0.png`);
    expect(() => resultKey('task_1', 0, 'png')).toThrow(StorageKeyError);
    expect(() => resultKey('../../../../etc/passwd', 0, 'png')).toThrow(StorageKeyError);
    expect(() => resultKey(id, -1, 'png')).toThrow(StorageKeyError);
  });
});

describe('serveFile', () => {
  it('serves public images with safe headers', async () => {
    const key = newUploadKey('png');
    await storage.put(key, PNG_BYTES, 'image/png');
    const served = await serveFile(storage, key);
    expect(served?.headers).toMatchObject({
      'Content-Type': 'image/png',
      'Content-Length': String(PNG_BYTES.length),
      'X-Content-Type-Options': 'nosniff',
    });
    expect(await text(served!.stream)).toBe(PNG_BYTES.toString());
  });

  it('answers null for missing, invalid and private keys', async () => {
    await storage.put('sandbox/sbx_abcdefghijklmnopqrstuv.json', Buffer.from('{}'), 'application/json');
    expect(await serveFile(storage, 'sandbox/sbx_abcdefghijklmnopqrstuv.json')).toBeNull();
    expect(await serveFile(storage, newUploadKey('png'))).toBeNull();
    expect(await serveFile(storage, '../../etc/passwd')).toBeNull();
    await storage.put('other/abcdefghijklmnopqrstuv.png', PNG_BYTES, 'image/png');
    expect(await serveFile(storage, 'other/abcdefghijklmnopqrstuv.png')).toBeNull();
  });
});
