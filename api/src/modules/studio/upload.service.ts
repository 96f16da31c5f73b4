// Reference uploads: every image is decoded completely and re-encoded before any is stored, and a batch is stored
// whole or not at all, so a refused or failed batch leaves nothing behind.
import type { FieldError } from '@app/contract';
import { reencodeImage } from '../../images/reencode.ts';
import { type StoredImage, storeUploadedBytes } from '../../images/store.ts';
import { ImageValidationError, type ValidatedImage, validateImageDataUrl } from '../../images/validate.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { invalidUploads } from './problems.ts';

/** JSON body limit of `POST /api/upload-images`: 5 data URLs of at most 15 M characters (10 MB decoded) each, plus room. */
export const UPLOAD_BODY_LIMIT = '80mb';

/**
 * Validates each data URL (header, base64, size, magic bytes, pixels), decodes and re-encodes it, then stores
 * them all under unguessable names with thumbnails. Throws a 400 (or 413 when one is too large) problem with one
 * pointer per refused image (`/body/images/2`) and stores nothing; a failed write removes what the batch wrote.
 * Returns the public URLs in order.
 */
export async function uploadImages(storage: FileStorage, images: readonly string[]): Promise<string[]> {
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
  const stored: StoredImage[] = [];
  try {
    for (const image of validated) stored.push(await storeUploadedBytes(storage, image.bytes));
  } catch (error) {
    await Promise.allSettled(stored.flatMap((image) => [storage.delete(image.key), storage.delete(image.thumbnailKey)]));
    throw error;
  }
  return stored.map((image) => image.url);
}
