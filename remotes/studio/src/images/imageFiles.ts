import { LIMITS } from '@app/contract/constants';

/** What the upload endpoint accepts (it checks the bytes again). */
export const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The upscale chooser advertises PNG and JPG only. */
export const UPSCALE_TYPES = ['image/png', 'image/jpeg'] as const;

/** Whether the browser-side checks let a file through: an accepted type and at most 10 MB. */
export function isAcceptableImage(file: Pick<File, 'type' | 'size'>, types: readonly string[] = UPLOAD_TYPES): boolean {
  return types.includes(file.type) && file.size > 0 && file.size <= LIMITS.maxImageBytes;
}

/** A `data:image/...;base64,` URL of the file, the form POST /api/upload-images takes. */
export function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}
