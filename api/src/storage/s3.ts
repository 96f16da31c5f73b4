// FileStorage on an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...), so every process on every machine sees
// the same files. Public URLs stay `${PUBLIC_URL}/files/<key>`: files are streamed through our server, so the
// bucket stays private and stored URLs never depend on where the files live.
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../config.storage.ts';
import {
  assertStorageKey,
  type FailedDeletion,
  type FileStorage,
  isValidStorageKey,
  type PublicBaseUrl,
  PublicFileUrls,
  StorageKeyError,
  type StoredContentType,
  type StoredFileBytes,
  type StoredFileStream,
  type StoredObject,
} from './storage.ts';
import { StorageUnavailableError } from './unavailable.ts';

export interface S3FileStorageOptions extends Omit<S3StorageConfig, 'backend'> {
  /** Public origin (PUBLIC_URL) that serves `/files/<key>`. */
  publicBaseUrl: PublicBaseUrl;
}

/** A store that does not answer a connection within this long is down; one silent this long mid-request is stuck. */
const CONNECTION_TIMEOUT_MS = 5_000;
/** The most keys one DeleteObjects call may name. */
const DELETE_BATCH = 1_000;
const REQUEST_TIMEOUT_MS = 30_000;

export class S3FileStorage implements FileStorage {
  readonly bucket: string;
  readonly prefix: string;
  readonly client: S3Client;
  readonly #where: string;
  readonly #urls: PublicFileUrls;

  constructor(options: S3FileStorageOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix;
    this.#urls = new PublicFileUrls(options.publicBaseUrl);
    this.#where = options.endpoint ? `at ${options.endpoint}` : `on AWS S3 (${options.region})`;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint && {
        endpoint: options.endpoint,
        // Other stores reject or mis-handle the CRC checksums the SDK adds by default since 3.729 (stack notes).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    });
  }

  /** The object's name in the bucket. */
  objectKey(key: string): string {
    return `${this.prefix}${key}`;
  }

  /** One PUT: S3 shows readers the old object or the whole new one, never a part. */
  async put(key: string, bytes: Uint8Array, contentType: StoredContentType): Promise<void> {
    const expected = assertStorageKey(key);
    if (expected !== contentType) throw new Error(`Content type ${contentType} does not match key ${key} (${expected})`);
    await this.#reach(() =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
        }),
      ),
    );
  }

  async get(key: string): Promise<StoredFileStream | null> {
    const object = await this.#getObject(key);
    if (!object) return null;
    const { Body: body, ContentLength: size } = object;
    if (!(body instanceof Readable) || size === undefined) {
      destroyBody(body);
      throw new Error(`The store answered ${key} without a readable body and its length`);
    }
    return { stream: body, contentType: assertStorageKey(key), size };
  }

  async read(key: string): Promise<StoredFileBytes | null> {
    const file = await this.get(key);
    return file && { bytes: await buffer(file.stream), contentType: file.contentType };
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    try {
      // S3 answers 204 for a missing key; some stores answer 404 NoSuchKey.
      await this.#reach(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) })));
    } catch (error) {
      if (!isError(error, 'NoSuchKey')) throw error;
    }
  }

  /** DeleteObjects, up to 1,000 keys a call (S3's limit), in quiet mode: the store answers only the failures. */
  async deleteMany(keys: readonly string[]): Promise<FailedDeletion[]> {
    const failed: FailedDeletion[] = [];
    const valid = keys.filter((key) => {
      if (isValidStorageKey(key)) return true;
      failed.push({ key, error: new StorageKeyError(key) });
      return false;
    });
    for (let start = 0; start < valid.length; start += DELETE_BATCH) {
      const batch = valid.slice(start, start + DELETE_BATCH);
      try {
        const { Errors: errors = [] } = await this.#reach(() =>
          this.client.send(
            new DeleteObjectsCommand({
              Bucket: this.bucket,
              Delete: { Objects: batch.map((key) => ({ Key: this.objectKey(key) })), Quiet: true },
            }),
          ),
        );
        for (const { Key: name, Code: code, Message: message } of errors) {
          if (code === 'NoSuchKey') continue;
          failed.push({ key: name?.slice(this.prefix.length) ?? '', error: new Error(`${code ?? 'Error'}: ${message ?? 'not deleted'}`) });
        }
      } catch (error) {
        failed.push(...batch.map((key) => ({ key, error })));
      }
    }
    return failed;
  }

  async exists(key: string): Promise<boolean> {
    if (!isValidStorageKey(key)) return false;
    try {
      await this.#reach(() => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) })));
      return true;
    } catch (error) {
      // A HEAD answer has no body, so a 404 cannot tell a missing key from a missing bucket (`ping` can).
      if (isError(error, 'NotFound') || isError(error, 'NoSuchKey')) return false;
      throw error;
    }
  }

  /** ListObjectsV2, page by page (the store's continuation token), inside the configured prefix. */
  async *list(prefix: string): AsyncIterable<StoredObject[]> {
    const pages = paginateListObjectsV2({ client: this.client, pageSize: 1000 }, { Bucket: this.bucket, Prefix: this.objectKey(prefix) });
    const iterator = pages[Symbol.asyncIterator]();
    for (;;) {
      const page = await this.#reach(() => iterator.next());
      if (page.done) return;
      yield (page.value.Contents ?? []).flatMap(({ Key: name, LastModified: modifiedAt }) => {
        const key = name?.slice(this.prefix.length);
        return key && modifiedAt && isValidStorageKey(key) ? [{ key, modifiedAt }] : [];
      });
    }
  }

  publicUrl(key: string): string {
    return this.#urls.urlFor(key);
  }

  keyFromPublicUrl(url: string): string | null {
    return this.#urls.keyOf(url);
  }

  /** HeadBucket: the store answers, the bucket exists and these credentials may use it. */
  async ping(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      throw new Error(`The bucket ${this.bucket} ${this.#where} cannot be used: ${describeFailure(error)}`, { cause: error });
    }
  }

  /** Closes the client's idle connections. */
  close(): void {
    this.client.destroy();
  }

  /**
   * Sends a command; a store that cannot be reached (no connection, a timeout, a 5xx or a throttle after the SDK's
   * own retries) becomes `StorageUnavailableError`, and its answers (no such key, access denied) pass as they are.
   */
  async #reach<Output>(send: () => Promise<Output>): Promise<Output> {
    try {
      return await send();
    } catch (error) {
      if (isUnreachable(error)) throw new StorageUnavailableError(this.#where, error);
      throw error;
    }
  }

  /** The object, or null for a missing key (a missing bucket and other failures throw). */
  async #getObject(key: string): Promise<GetObjectCommandOutput | null> {
    if (!isValidStorageKey(key)) return null;
    try {
      return await this.#reach(() => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) })));
    } catch (error) {
      if (isError(error, 'NoSuchKey')) return null;
      throw error;
    }
  }
}

/** No answer from the store, or one saying it is overloaded or broken for now (5xx, 429, `SlowDown`). */
function isUnreachable(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return true;
  const status = error.$metadata.httpStatusCode;
  return status === undefined || status >= 500 || status === 429 || error.name === 'SlowDown';
}

function isError(error: unknown, name: string): boolean {
  return error instanceof S3ServiceException && error.name === name;
}

function describeFailure(error: unknown): string {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    const meaning = status === 404 ? 'no such bucket' : status === 403 ? 'access denied' : error.message || error.name;
    return status ? `HTTP ${status} (${meaning})` : meaning;
  }
  return error instanceof Error ? error.message : String(error);
}

function destroyBody(body: unknown): void {
  if (body instanceof Readable) body.destroy();
}
