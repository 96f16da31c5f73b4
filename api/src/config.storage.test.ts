import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const S3 = {
  S3_BUCKET: 'studio-files',
  S3_ENDPOINT: 'http://minio.internal:9000',
  S3_ACCESS_KEY_ID: 'studio',
  S3_SECRET_ACCESS_KEY: 'a-long-secret',
};

/** The configuration error's lines. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('storage configuration', () => {
  it('stores files in the local folder by default', () => {
    const config = loadConfig({ DATA_DIR: '/srv/app' });
    expect(config.storage).toEqual({ backend: 'local' });
    expect(config.studio.filesDir).toBe('/srv/app/files');
    expect(loadConfig({ STORAGE: 'local', FILES_DIR: '/mnt/files' }).storage).toEqual({ backend: 'local' });
  });

  it('uses an S3-compatible store once a bucket is named: path style and us-east-1 by default', () => {
    expect(loadConfig(S3).storage).toEqual({
      backend: 's3',
      bucket: 'studio-files',
      endpoint: 'http://minio.internal:9000',
      region: 'us-east-1',
      accessKeyId: 'studio',
      secretAccessKey: 'a-long-secret',
      forcePathStyle: true,
      prefix: '',
    });
  });

  it('reads every S3 setting; AWS itself gets virtual-hosted addressing', () => {
    expect(
      loadConfig({ ...S3, STORAGE: 's3', S3_REGION: 'auto', S3_FORCE_PATH_STYLE: 'false', S3_PREFIX: 'prod/studio' }).storage,
    ).toMatchObject({ region: 'auto', forcePathStyle: false, prefix: 'prod/studio/' });
    const aws = loadConfig({ ...S3, S3_ENDPOINT: '', S3_REGION: 'eu-central-1', S3_PREFIX: 'files/' }).storage;
    expect(aws).toMatchObject({ backend: 's3', region: 'eu-central-1', forcePathStyle: false, prefix: 'files/' });
    expect(aws).not.toHaveProperty('endpoint');
  });

  it('refuses to start with a bucket but no credentials, naming the variables', () => {
    expect(refusal({ S3_BUCKET: 'studio-files', S3_ENDPOINT: 'http://minio:9000' })).toContain(
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required for S3 storage',
    );
    expect(refusal({ ...S3, S3_SECRET_ACCESS_KEY: '' })).toMatch(/^ {2}S3_SECRET_ACCESS_KEY: required for S3 storage/m);
    expect(refusal({ ...S3, S3_ACCESS_KEY_ID: '' })).toMatch(/^ {2}S3_ACCESS_KEY_ID: required for S3 storage/m);
  });

  it('refuses STORAGE=s3 without a bucket, and S3 settings without a bucket', () => {
    expect(refusal({ STORAGE: 's3' })).toContain('S3_BUCKET: required for S3 storage (STORAGE=s3)');
    expect(refusal({ S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toContain(
      'S3_BUCKET: required for S3 storage (S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY set without it)',
    );
  });

  it('refuses contradictions: STORAGE=local with S3 settings, FILES_DIR with S3', () => {
    expect(refusal({ ...S3, STORAGE: 'local' })).toContain(
      'STORAGE: is local, but S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set; remove them or set STORAGE=s3',
    );
    expect(refusal({ ...S3, FILES_DIR: '/mnt/files' })).toContain('FILES_DIR: is the local storage folder, but S3 storage is configured');
  });

  it('needs the region for AWS, where there is no endpoint', () => {
    expect(refusal({ ...S3, S3_ENDPOINT: '' })).toContain("S3_REGION: required for AWS S3 (the bucket's region, e.g. eu-central-1)");
  });

  it('refuses malformed values with the variable name', () => {
    expect(refusal({ ...S3, S3_BUCKET: 'Studio_Files' })).toContain('S3_BUCKET: must be a bucket name');
    expect(refusal({ ...S3, S3_BUCKET: 'ab' })).toContain('S3_BUCKET: must be a bucket name');
    expect(refusal({ ...S3, S3_ENDPOINT: 'minio:9000' })).toContain('S3_ENDPOINT: must be an http(s) URL');
    expect(refusal({ ...S3, S3_FORCE_PATH_STYLE: 'yes' })).toContain('S3_FORCE_PATH_STYLE');
    expect(refusal({ ...S3, S3_PREFIX: '../other' })).toContain('S3_PREFIX: must be folder names');
    expect(refusal({ ...S3, S3_PREFIX: '/abs' })).toContain('S3_PREFIX: must be folder names');
    expect(refusal({ ...S3, STORAGE: 'gcs' })).toContain('STORAGE');
  });
});

describe('the server process with bad storage settings', () => {
  it('refuses to start, printing what is wrong', async () => {
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const env = { PATH: process.env.PATH, S3_BUCKET: 'studio-files', S3_ENDPOINT: 'http://127.0.0.1:1', LOG_LEVEL: 'silent' };
      execFile(process.execPath, [new URL('./server.ts', import.meta.url).pathname], { env, timeout: 30_000 }, (error, _stdout, stderr) =>
        resolve({ code: error ? (error.code as number | null) : 0, stderr }),
      );
    });
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration:');
    expect(stderr).toContain('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required for S3 storage');
  });
});
