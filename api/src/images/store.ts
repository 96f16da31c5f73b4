// Glue between validation, storage and thumbnails: store an upload, re-host a provider result.

import { type FileStorage, newUploadKey, resultKey } from '../storage/storage.ts';
import { type FetchImageOptions, guardedFetchImage } from './fetch-image.ts';
import { thumbnail, thumbnailKeyFor } from './thumbnail.ts';
import { type ImageLimits, type ImageMimeType, type ValidatedImage, validateImageBytes, validateImageDataUrl } from './validate.ts';

export interface StoredImage {
  key: string;
  url: string;
  contentType: ImageMimeType;
  width: number;
  height: number;
  thumbnailKey: string;
  thumbnailUrl: string;
}

/** The stages of storing an image, as they are timed. */
export type StoreStage = 'download' | 'store' | 'thumbnail';
type OnStage = (stage: StoreStage, ms: number) => void;

async function timed<T>(stage: StoreStage, onStage: OnStage | undefined, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    onStage?.(stage, performance.now() - started);
  }
}

async function storeWithThumbnail(
  storage: FileStorage,
  key: string,
  image: ValidatedImage,
  writeOriginal: boolean,
  onStage?: OnStage,
): Promise<StoredImage> {
  const thumbKey = thumbnailKeyFor(key);
  // The original is written while its thumbnail is made from the same bytes: neither waits for the other.
  const writes = await Promise.allSettled([
    writeOriginal ? timed('store', onStage, () => storage.put(key, image.bytes, image.mimeType)) : undefined,
    timed('thumbnail', onStage, async () => {
      if (await storage.exists(thumbKey)) return;
      const thumb = await thumbnail(image.bytes);
      await storage.put(thumbKey, thumb.bytes, thumb.contentType);
    }),
  ]);
  const failed = writes.find((write) => write.status === 'rejected');
  if (failed) {
    // One half written without the other (a store that drops a connection): take it back, so a failed store leaves
    // no object that nothing refers to.
    await Promise.allSettled([writeOriginal ? storage.delete(key) : undefined, storage.delete(thumbKey)]);
    throw failed.reason;
  }
  return {
    key,
    url: storage.publicUrl(key),
    contentType: image.mimeType,
    width: image.width,
    height: image.height,
    thumbnailKey: thumbKey,
    thumbnailUrl: storage.publicUrl(thumbKey),
  };
}

/** Validates an uploaded data URL and stores it as `uploads/<random>.<ext>` with a thumbnail. */
export async function storeUploadedDataUrl(storage: FileStorage, dataUrl: string, limits?: ImageLimits): Promise<StoredImage> {
  const image = await validateImageDataUrl(dataUrl, limits);
  return storeWithThumbnail(storage, newUploadKey(image.extension), image, true);
}

/** Validates raw upload bytes and stores them as `uploads/<random>.<ext>` with a thumbnail. */
export async function storeUploadedBytes(storage: FileStorage, bytes: Uint8Array, limits?: ImageLimits): Promise<StoredImage> {
  const image = await validateImageBytes(bytes, limits);
  return storeWithThumbnail(storage, newUploadKey(image.extension), image, true);
}

export interface RehostInput {
  storage: FileStorage;
  /** A provider result URL. Our own storage URLs (sandbox results) are kept where they are. */
  url: string;
  /** Our own unguessable task id (not the provider's): the file goes to `results/<taskId>/<index>.<ext>`. */
  taskId: string;
  index: number;
  /** Guarded-fetch options, e.g. `allowHosts` with the provider's result hosts. */
  fetchOptions?: FetchImageOptions;
  /** Hears how long each stage took. */
  onStage?: OnStage;
}

/**
 * Downloads a provider result through the SSRF guard, validates it and stores it with a thumbnail
 * (upstream deletes its files after 14 days). Idempotent for the same task id and index.
 */
export async function rehostResultImage(input: RehostInput): Promise<StoredImage> {
  const { storage } = input;
  const { onStage } = input;
  const ownKey = storage.keyFromPublicUrl(input.url);
  if (ownKey) {
    const image = await timed('download', onStage, async () => {
      const stored = await storage.read(ownKey);
      if (!stored) throw new Error(`Stored result ${ownKey} is missing`);
      return validateImageBytes(stored.bytes, { maxBytes: 256 * 1024 * 1024 });
    });
    return storeWithThumbnail(storage, ownKey, image, false, onStage);
  }
  const fetched = await timed('download', onStage, () =>
    guardedFetchImage(input.url, { maxBytes: 64 * 1024 * 1024, ...input.fetchOptions }),
  );
  return storeWithThumbnail(storage, resultKey(input.taskId, input.index, fetched.extension), fetched, true, onStage);
}
