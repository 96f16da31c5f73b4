import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultFilesRoot, LocalFileStorage } from './local.ts';
import { describeFileStorage, EVIL_KEYS, PNG_BYTES } from './storage.suite.ts';

/** Every file under `root` as a storage key. */
async function keysUnder(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

describeFileStorage('LocalFileStorage', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'storage-test-'));
  const root = join(dir, 'files');
  return {
    storage: new LocalFileStorage({ root, publicBaseUrl: 'https://studio.example.com/' }),
    storedKeys: () => keysUnder(root),
    close: () => rm(dir, { recursive: true, force: true }),
  };
});

describe('LocalFileStorage on disk', () => {
  let dir: string;
  let storage: LocalFileStorage;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'storage-test-'));
    storage = new LocalFileStorage({ root: join(dir, 'files'), publicBaseUrl: 'https://studio.example.com/' });
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('overwrites atomically and leaves no temp files behind', async () => {
    const key = 'results/abcdefghijklmnopqrstuv/0.png';
    await storage.put(key, PNG_BYTES, 'image/png');
    await storage.put(key, Buffer.concat([PNG_BYTES, PNG_BYTES]), 'image/png');
    expect((await storage.read(key))?.bytes.length).toBe(PNG_BYTES.length * 2);
    expect(await readdir(join(dir, 'files/results/abcdefghijklmnopqrstuv'))).toEqual(['0.png']);
  });

  it('makes path traversal impossible', async () => {
    const outside = join(dir, 'secret.png');
    await writeFile(outside, 'top secret');
    for (const key of EVIL_KEYS) {
      await expect(storage.put(key, PNG_BYTES, 'image/png'), key).rejects.toThrow();
      expect(await storage.read(key), key).toBeNull();
    }
    expect(await readFile(outside, 'utf8')).toBe('top secret');
    expect(existsSync(join(dir, 'files'))).toBe(false);
  });

  it('fails its ping, saying why, when the folder cannot be written', async () => {
    await writeFile(join(dir, 'a-file'), 'not a folder');
    const blocked = new LocalFileStorage({ root: join(dir, 'a-file', 'files'), publicBaseUrl: 'https://studio.example.com' });
    await expect(blocked.ping()).rejects.toThrow(/files folder .*a-file.* is not writable/);
  });

  it('defaults to <dataDir>/files', () => {
    expect(defaultFilesRoot('/var/lib/studio')).toBe('/var/lib/studio/files');
  });
});
