// Where stored files (uploads, results, thumbnails) live: a local folder by default (FILES_DIR), or an
// S3-compatible bucket so any number of processes on any number of machines share them. Read with the rest of
// the environment by `loadConfig`.
import { z } from 'zod';
import { flag } from './config.parsers.ts';

export interface S3StorageConfig {
  backend: 's3';
  bucket: string;
  /** An S3-compatible store (MinIO, Ceph, R2, ...); unset means AWS S3. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` addressing instead of `<bucket>.<endpoint>/<key>` (most non-AWS stores need it). */
  forcePathStyle: boolean;
  /** Put before every key (`studio/` stores `uploads/x.png` as `studio/uploads/x.png`); empty for none. */
  prefix: string;
}

/** Local storage keeps its folder in `studio.filesDir`. */
export type StorageConfig = { backend: 'local' } | S3StorageConfig;

// S3 bucket naming rules (AWS's general purpose buckets), which the other stores follow.
const BUCKET = /^(?!xn--)(?!.*\.\.)[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\/?$/;

export const StorageEnvSchema = z.object({
  STORAGE: z.enum(['local', 's3']).optional(),
  S3_BUCKET: z.string().regex(BUCKET, 'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens').optional(),
  S3_ENDPOINT: z
    .string()
    .refine((value) => /^https?:\/\//.test(value) && URL.canParse(value), 'must be an http(s) URL')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a region name such as eu-central-1')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  S3_PREFIX: z.string().regex(PREFIX, 'must be folder names of letters, digits, _ and - separated by /, e.g. studio/').optional(),
});

type StorageEnv = z.infer<typeof StorageEnvSchema> & { FILES_DIR?: string };

const S3_VARIABLES = [
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
] as const;

/** `STORAGE`, else `s3` when a bucket is named, else `local`. */
function backendOf(e: StorageEnv): 'local' | 's3' {
  return e.STORAGE ?? (e.S3_BUCKET ? 's3' : 'local');
}

/** Why this storage environment cannot start, if it cannot: one line per problem, naming the variables. */
export function storageConfigIssues(e: StorageEnv): string[] {
  const issues: string[] = [];
  const setS3 = S3_VARIABLES.filter((name) => e[name] !== undefined);
  if (backendOf(e) === 'local') {
    if (e.STORAGE === 'local' && setS3.length)
      issues.push(`STORAGE: is local, but ${setS3.join(', ')} ${setS3.length > 1 ? 'are' : 'is'} set; remove them or set STORAGE=s3`);
    else if (setS3.length) issues.push(`S3_BUCKET: required for S3 storage (${setS3.join(', ')} set without it)`);
    return issues;
  }
  if (!e.S3_BUCKET) issues.push('S3_BUCKET: required for S3 storage (STORAGE=s3)');
  const missingKeys = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !e[name]);
  if (missingKeys.length)
    issues.push(`${missingKeys.join(', ')}: required for S3 storage (the key pair of an account allowed to use the bucket)`);
  if (!e.S3_ENDPOINT && !e.S3_REGION) issues.push("S3_REGION: required for AWS S3 (the bucket's region, e.g. eu-central-1)");
  if (e.FILES_DIR) issues.push('FILES_DIR: is the local storage folder, but S3 storage is configured; remove it');
  return issues;
}

/** The storage part of the configuration from a parsed environment that `storageConfigIssues` accepted. */
export function storageConfigFrom(e: StorageEnv): StorageConfig {
  if (backendOf(e) === 'local') return { backend: 'local' };
  if (!e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) throw new Error('S3 storage is incomplete (see storageConfigIssues)');
  return {
    backend: 's3',
    bucket: e.S3_BUCKET,
    ...(e.S3_ENDPOINT && { endpoint: e.S3_ENDPOINT }),
    // Other stores mostly ignore the region but the signature needs one; us-east-1 is what they expect by default.
    region: e.S3_REGION ?? 'us-east-1',
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
    prefix: e.S3_PREFIX ? e.S3_PREFIX.replace(/\/?$/, '/') : '',
  };
}
