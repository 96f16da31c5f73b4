// FileStorage on a local folder (default `<DATA_DIR>/files`).
import { constants, createReadStream } from 'node:fs';
import { access, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import pLimit from 'p-limit';
import {
  assertStorageKey,
  type FailedDeletion,
  type FileStorage,
  isValidStorageKey,
  type PublicBaseUrl,
  PublicFileUrls,
  randomId,
  type StoredContentType,
  type StoredFileBytes,
  type StoredFileStream,
  type StoredObject,
} from './storage.ts';

const LOCAL_DELETE_CONCURRENCY = 8;

export interface LocalFileStorageOptions {
  /** Folder holding the files; created on first write. */
  root: string;
  /** Public origin (PUBLIC_URL) that serves `/files/<key>`, e.g. `https://studio.example.com`. */
  publicBaseUrl: PublicBaseUrl;
}

/** The default storage folder for a data directory. */
export function defaultFilesRoot(dataDir: string): string {
  return join(dataDir, 'files');
}

export class LocalFileStorage implements FileStorage {
  readonly root: string;
  readonly #urls: PublicFileUrls;

  constructor(options: LocalFileStorageOptions) {
    this.root = resolve(options.root);
    this.#urls = new PublicFileUrls(options.publicBaseUrl);
  }

  get publicBaseUrl(): string {
    return this.#urls.publicBaseUrl;
  }

  /** Absolute path of a key; refuses invalid keys and anything resolving outside the root. */
  pathFor(key: string): string {
    assertStorageKey(key);
    const path = resolve(this.root, ...key.split('/'));
    if (!path.startsWith(this.root + sep)) throw new Error('Storage key escapes the root');
    return path;
  }

  async put(key: string, bytes: Uint8Array, contentType: StoredContentType): Promise<void> {
    const expected = assertStorageKey(key);
    if (expected !== contentType) throw new Error(`Content type ${contentType} does not match key ${key} (${expected})`);
    const path = this.pathFor(key);
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${randomId()}.tmp`;
    const handle = await open(temp, 'wx', 0o644);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredFileStream | null> {
    if (!isValidStorageKey(key)) return null;
    const path = this.pathFor(key);
    const info = await statFile(path);
    if (!info) return null;
    return { stream: createReadStream(path), contentType: assertStorageKey(key), size: info.size };
  }

  async read(key: string): Promise<StoredFileBytes | null> {
    if (!isValidStorageKey(key)) return null;
    try {
      return { bytes: await readFile(this.pathFor(key)), contentType: assertStorageKey(key) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
  }

  /** A few removals at a time: a thousand at once would only queue in libuv's four threads and hold a descriptor each. */
  async deleteMany(keys: readonly string[]): Promise<FailedDeletion[]> {
    const limit = pLimit(LOCAL_DELETE_CONCURRENCY);
    const outcomes = await Promise.allSettled(keys.map((key) => limit(() => this.delete(key))));
    return outcomes.flatMap((outcome, index) =>
      outcome.status === 'rejected' ? [{ key: keys[index] ?? '', error: outcome.reason as unknown }] : [],
    );
  }

  async exists(key: string): Promise<boolean> {
    if (!isValidStorageKey(key)) return false;
    return (await statFile(this.pathFor(key))) !== null;
  }

  /** The folders under the root, walked a page of files at a time; a temporary file mid-write is no key. */
  async *list(prefix: string): AsyncIterable<StoredObject[]> {
    // Start in the deepest folder the prefix names whole (`uploads/` -> <root>/uploads).
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    let names: string[];
    try {
      names = await readdir(join(this.root, ...folder.split('/').filter(Boolean)), { recursive: true });
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    const keys = names
      .map((name) => join(folder, name).split(sep).join('/'))
      .filter((key) => key.startsWith(prefix) && isValidStorageKey(key));
    for (let start = 0; start < keys.length; start += 1000) {
      const page: StoredObject[] = [];
      for (const key of keys.slice(start, start + 1000)) {
        const info = await stat(this.pathFor(key)).catch((error: unknown) => (isNotFound(error) ? null : Promise.reject(error)));
        if (info?.isFile()) page.push({ key, modifiedAt: info.mtime });
      }
      yield page;
    }
  }

  publicUrl(key: string): string {
    return this.#urls.urlFor(key);
  }

  keyFromPublicUrl(url: string): string | null {
    return this.#urls.keyOf(url);
  }

  /** The folder exists (created as the first write would) and this process may write to it. */
  async ping(): Promise<void> {
    try {
      await mkdir(this.root, { recursive: true });
      await access(this.root, constants.W_OK);
    } catch (error) {
      throw new Error(`The files folder ${this.root} is not writable: ${(error as Error).message}`, { cause: error });
    }
  }
}

async function statFile(path: string): Promise<{ size: number } | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? { size: info.size } : null;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

function isNotFound(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
