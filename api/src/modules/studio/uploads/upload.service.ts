// Reference uploads: every image is decoded completely and re-encoded before any is stored, and a batch is stored
// whole or not at all, so a refused or failed batch leaves nothing behind.
import type { FieldError } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { storageUnavailable } from '../../../errors.ts';
import { reencodeImage } from '../../../images/reencode.ts';
import { type StoredImage, storeUploadedBytes } from '../../../images/store.ts';
import { ImageValidationError, type ValidatedImage, validateImageDataUrl } from '../../../images/validate.ts';
import type { FileStorage } from '../../../storage/storage.ts';
import { isStorageUnavailable } from '../../../storage/unavailable.ts';
import { invalidUploads, uploadQuotaExceeded } from '../problems.ts';
import { Upload } from './upload.entity.ts';
import { storedUploadBytes } from './upload.repository.ts';

export interface UploadOwner {
  em: SqlEntityManager;
  userId: string;
  /** Bytes the user may keep stored in uploads. */
  quotaBytes: number;
}

/** JSON body limit of `POST /api/upload-images`: 5 data URLs of at most 15 M characters (10 MB decoded) each, plus room. */
export const UPLOAD_BODY_LIMIT = '80mb';

/**
 * Validates each data URL (header, base64, size, magic bytes, pixels), decodes and re-encodes it, then stores
 * them all under unguessable names with thumbnails. Throws a 400 (or 413 when one is too large) problem with one
 * pointer per refused image (`/body/images/2`) and stores nothing; a failed write removes what the batch wrote
 * (503 `storage_unavailable` when the store cannot be reached).
 * Returns the public URLs in order.
 */
export async function uploadImages(storage: FileStorage, images: readonly string[], owner: UploadOwner): Promise<string[]> {
  const errors: FieldError[] = [];
  let tooLarge = false;
  const validated: ValidatedImage[] = [];
  for (const [index, dataUrl] of images.entries()) {
    try {
      validated.push(await reencodeImage(await validateImageDataUrl(dataUrl)));
    } catch (error) {
      if (!(error instanceof ImageValidationError)) throw error;
      if (error.reason === 'too_large') tooLarge = true;
      errors.push({ pointer: `/body/images/${index}`, detail: error.message });
    }
  }
  if (errors.length) throw invalidUploads(errors, tooLarge);
  const batchBytes = validated.reduce((sum, image) => sum + image.bytes.length, 0);
  const used = await storedUploadBytes(owner.em, owner.userId);
  if (used + batchBytes > owner.quotaBytes) throw uploadQuotaExceeded(used, owner.quotaBytes);
  const stored: StoredImage[] = [];
  try {
    for (const image of validated) stored.push(await storeUploadedBytes(storage, image.bytes));
    await owner.em.transactional(async (tx) => {
      for (const [index, image] of stored.entries()) {
        tx.create(Upload, {
          key: image.key,
          user: owner.userId,
          bytes: validated[index]?.bytes.length ?? 0,
          thumbnailKey: image.thumbnailKey,
          usedAt: null,
        });
      }
    });
  } catch (error) {
    await Promise.allSettled(stored.flatMap((image) => [storage.delete(image.key), storage.delete(image.thumbnailKey)]));
    // The store is away: a 503 the client can wait out, not a 500 (no row was written, nothing is charged).
    if (isStorageUnavailable(error)) throw storageUnavailable();
    throw error;
  }
  return stored.map((image) => image.url);
}
