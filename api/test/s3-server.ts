// Test support: a real S3-speaking server (s3rver) in this process, on a random port over a temporary folder,
// so storage tests run the real AWS SDK over real HTTP with real request signing.

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../src/config.storage.ts';

/** s3rver's one built-in account. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface TestS3 {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  /** A bucket that exists from the start. */
  bucket: string;
  /** The folder s3rver keeps its buckets in (`<bucket>/<key>._S3rver_object` and its metadata beside it). */
  directory: string;
  /** Storage configuration for the bucket (path style, as for any non-AWS store). */
  storage(overrides?: Partial<Omit<S3StorageConfig, 'backend'>>): S3StorageConfig;
  /** Another new, empty bucket; its name. */
  createBucket(): Promise<string>;
  /** Every object name in a bucket (default: `bucket`), sorted, whatever its prefix. */
  objectNames(inBucket?: string): Promise<string[]>;
  /** An object as the store holds it, or null. */
  object(name: string, inBucket?: string): Promise<{ bytes: Buffer; contentType: string | undefined } | null>;
  /** Stops the server (an outage: connections are refused); its objects stay for `restart`. */
  stop(): Promise<void>;
  /** Starts it again on the same port over the same folder. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'studio-files'): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  let server: S3rver | undefined = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  let port: number;
  try {
    port = (await server.run()).port;
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  const storage = (overrides: Partial<Omit<S3StorageConfig, 'backend'>> = {}): S3StorageConfig => ({
    backend: 's3',
    bucket,
    endpoint,
    region: 'us-east-1',
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    forcePathStyle: true,
    prefix: '',
    ...overrides,
  });
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
  return {
    endpoint,
    bucket,
    directory,
    storage,
    async createBucket() {
      const name = `test-${randomBytes(6).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: name }));
      return name;
    },
    async objectNames(inBucket = bucket) {
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: inBucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key) names.push(object.Key);
        token = page.NextContinuationToken;
      } while (token);
      return names.sort();
    },
    async object(name, inBucket = bucket) {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket: inBucket, Key: name }));
        return { bytes: Buffer.from((await got.Body?.transformToByteArray()) ?? []), contentType: got.ContentType };
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async stop() {
      await server?.close();
      server = undefined;
    },
    async restart() {
      if (server) return;
      // The bucket is a folder in `directory` by now: no need to configure it again.
      server = new S3rver({ address: '127.0.0.1', port, silent: true, directory });
      await server.run();
    },
    async close() {
      client.destroy();
      await server?.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
