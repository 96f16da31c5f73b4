// The stored files of a backup: every valid storage key of the files folder or the bucket (under S3_PREFIX),
// copied with its SHA-256. Keys are checked with the app's own rule, so a leftover temporary file is never copied.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { S3FileStorage } from '../../api/src/storage/s3.ts';
import { isValidStorageKey } from '../../api/src/storage/storage.ts';

export interface FileEntry {
  key: string;
  bytes: number;
  sha256: string;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Where `key` sits under a folder (keys use `/`). */
export const pathOf = (folder: string, key: string) => join(folder, ...key.split('/'));

async function* walk(folder: string): AsyncGenerator<string> {
  const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** The keys of a local files folder, sorted. */
export async function localKeys(folder: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const path of walk(folder)) {
    const key = relative(folder, path).split(sep).join('/');
    if (isValidStorageKey(key)) keys.push(key);
  }
  return keys.sort();
}

/** The keys of the bucket under its prefix, sorted (ListObjectsV2 pages of up to 1000). */
export async function bucketKeys(storage: S3FileStorage): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await storage.client.send(
      new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: storage.prefix || undefined, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) {
      const key = object.Key?.slice(storage.prefix.length);
      if (isValidStorageKey(key)) keys.push(key);
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys.sort();
}

/** The bytes of one object, read whole (stored images are at most a few MB). */
export async function bucketObject(storage: S3FileStorage, key: string): Promise<Uint8Array> {
  const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: storage.objectKey(key) }));
  if (!object.Body) throw new Error(`The bucket answered ${key} without a body`);
  return object.Body.transformToByteArray();
}

/** Copies each key's bytes (from `read`) under `target`, returning the manifest entries. */
export async function copyFiles(keys: string[], read: (key: string) => Promise<Uint8Array>, target: string): Promise<FileEntry[]> {
  const entries: FileEntry[] = [];
  for (const key of keys) {
    const bytes = await read(key);
    const path = pathOf(target, key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes);
    entries.push({ key, bytes: bytes.byteLength, sha256: sha256(bytes) });
  }
  return entries;
}

/** Reads a local file of a key. */
export const readLocal = (folder: string) => (key: string) => readFile(pathOf(folder, key));
