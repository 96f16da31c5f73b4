// The storage interface for uploaded references, generated results and thumbnails, plus key helpers.
// Keys are a strict shape (letters, digits, `_`, `-`, slashes, one known extension), so no key can
// leave the storage root, and every key a user can see carries at least 128 random bits.
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

export const STORED_CONTENT_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  json: 'application/json',
} as const;
export type StoredExtension = keyof typeof STORED_CONTENT_TYPES;
export type StoredContentType = (typeof STORED_CONTENT_TYPES)[StoredExtension];

export interface StoredFileStream {
  stream: Readable;
  contentType: StoredContentType;
  size: number;
}

export interface StoredFileBytes {
  bytes: Buffer;
  contentType: StoredContentType;
}

/** A key `deleteMany` could not remove, and why. */
export interface FailedDeletion {
  key: string;
  error: unknown;
}

/** A stored file as a listing names it. */
export interface StoredObject {
  key: string;
  /** When it was last written. */
  modifiedAt: Date;
}

export interface FileStorage {
  /** Writes atomically (readers never see half a file). The content type must match the key's extension. */
  put(key: string, bytes: Uint8Array, contentType: StoredContentType): Promise<void>;
  /** A read stream, or null when the key does not exist (or is not a valid key). */
  get(key: string): Promise<StoredFileStream | null>;
  /** The whole file in memory, or null. */
  read(key: string): Promise<StoredFileBytes | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes many files in as few calls as the store allows (missing files are not errors); answers the keys that
   * could not be removed, each with its error, once every removal was tried.
   */
  deleteMany(keys: readonly string[]): Promise<FailedDeletion[]>;
  exists(key: string): Promise<boolean>;
  /**
   * Every stored file whose key starts with `prefix`, a page (up to 1,000) at a time; names that are not valid keys
   * (a write's temporary file) are left out.
   */
  list(prefix: string): AsyncIterable<StoredObject[]>;
  /** `${PUBLIC_URL}/files/<key>`. */
  publicUrl(key: string): string;
  /** The key behind one of our own public URLs, or null for any other URL. */
  keyFromPublicUrl(url: string): string | null;
  /**
   * Resolves when the storage can be used now (the folder is writable, the bucket answers); otherwise rejects
   * with an error saying what is wrong. For readiness checks.
   */
  ping(): Promise<void>;
  /** Releases connections (network stores); the storage is not used afterwards. */
  close?(): void;
}

export class StorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'StorageKeyError';
  }
}

const KEY_PATTERN = /^(?:[A-Za-z0-9_-]{1,128}\/){0,5}[A-Za-z0-9_-]{1,128}\.(png|jpg|jpeg|webp|json)$/;

export function isValidStorageKey(key: unknown): key is string {
  return typeof key === 'string' && key.length <= 512 && KEY_PATTERN.test(key);
}

/** Throws `StorageKeyError` unless the key has the strict shape; returns its content type. */
export function assertStorageKey(key: string): StoredContentType {
  const match = typeof key === 'string' && key.length <= 512 ? KEY_PATTERN.exec(key) : null;
  if (!match?.[1]) throw new StorageKeyError(String(key));
  return STORED_CONTENT_TYPES[match[1] as StoredExtension];
}

/** A public origin, or how to read it once known (the address a server listens on, when PUBLIC_URL is unset). */
export type PublicBaseUrl = string | (() => string);

/** `${publicBaseUrl}/files/<key>` and back: the stable public URLs of stored files, whatever the backend. */
export class PublicFileUrls {
  readonly #base: PublicBaseUrl;
  #filesPrefix?: string;

  constructor(publicBaseUrl: PublicBaseUrl) {
    this.#base = publicBaseUrl;
    // A fixed origin is checked at once; one read later is checked on first use.
    if (typeof publicBaseUrl === 'string') this.#prefix();
  }

  get publicBaseUrl(): string {
    return this.#prefix().slice(0, -'/files/'.length);
  }

  #prefix(): string {
    if (this.#filesPrefix) return this.#filesPrefix;
    const base = new URL(typeof this.#base === 'string' ? this.#base : this.#base());
    if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error('publicBaseUrl must be http(s)');
    this.#filesPrefix = `${base.origin}${base.pathname.replace(/\/+$/, '')}/files/`;
    return this.#filesPrefix;
  }

  urlFor(key: string): string {
    assertStorageKey(key);
    return `${this.#prefix()}${key}`;
  }

  keyOf(url: string): string | null {
    const prefix = this.#prefix();
    if (typeof url !== 'string' || !url.startsWith(prefix)) return null;
    const key = url.slice(prefix.length);
    return isValidStorageKey(key) ? key : null;
  }
}

/** 128 random bits, base64url (22 characters). */
export function randomId(): string {
  return randomBytes(16).toString('base64url');
}

export type ImageExtension = 'png' | 'jpg' | 'webp';

/** `uploads/<128 random bits>.<ext>` for an uploaded reference picture. */
export function newUploadKey(extension: ImageExtension): string {
  return `uploads/${randomId()}.${extension}`;
}

const TASK_SEGMENT = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * `results/<taskId>/<n>.<ext>`. The task id becomes part of a public URL, so it must itself be
 * unguessable (our own random ids are 22 characters of base64url; do not pass KIE's task ids,
 * which contain timestamps). Ids shorter than 16 characters or with other characters are refused.
 */
export function resultKey(taskId: string, index: number, extension: ImageExtension): string {
  if (!TASK_SEGMENT.test(taskId)) throw new StorageKeyError(`results/${taskId}`);
  if (!Number.isInteger(index) || index < 0 || index > 99) throw new StorageKeyError(`results/${taskId}/${index}`);
  return `results/${taskId}/${index}.${extension}`;
}

/** Prefixes that `serveFile` exposes publicly; anything else (e.g. `sandbox/` state) stays private. */
export const PUBLIC_PREFIXES = ['uploads/', 'results/', 'thumbs/'] as const;

export interface ServedFile extends StoredFileStream {
  /** Headers to send with the body: type, length, long immutable caching, no sniffing, no active content. */
  headers: Record<string, string>;
}

/**
 * Koa-free handler for `GET /files/<key>`: returns the stream and headers, or null (answer 404)
 * for unknown, invalid, private or non-image keys.
 */
export async function serveFile(storage: FileStorage, key: string): Promise<ServedFile | null> {
  if (!isValidStorageKey(key) || !PUBLIC_PREFIXES.some((prefix) => key.startsWith(prefix))) return null;
  if (!assertStorageKey(key).startsWith('image/')) return null;
  const file = await storage.get(key);
  if (!file) return null;
  return {
    ...file,
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cross-Origin-Resource-Policy': 'cross-origin',
    },
  };
}
