// Builds the configured file storage: the local folder by default, an S3-compatible bucket when configured.
import type { StorageConfig } from '../config.storage.ts';
import { LocalFileStorage } from './local.ts';
import { S3FileStorage } from './s3.ts';
import type { FileStorage, PublicBaseUrl } from './storage.ts';

export interface FileStorageOptions {
  storage: StorageConfig;
  /** The local folder (`studio.filesDir`), used when `storage.backend` is `local`. */
  filesDir: string;
  /** Public origin that serves `/files/<key>`. */
  publicBaseUrl: PublicBaseUrl;
}

export function createFileStorage({ storage, filesDir, publicBaseUrl }: FileStorageOptions): FileStorage {
  if (storage.backend === 's3') {
    const { backend: _, ...s3 } = storage;
    return new S3FileStorage({ ...s3, publicBaseUrl });
  }
  return new LocalFileStorage({ root: filesDir, publicBaseUrl });
}
