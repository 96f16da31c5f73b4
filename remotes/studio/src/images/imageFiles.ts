import { LIMITS } from '@app/contract/constants';

/** What both the Edit and the Upscale tab take: the types the upload endpoint accepts (it checks the bytes again). */
export const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Why a picked file was refused: not one of the types, over 10 MB (or empty), or not a picture the browser can open. */
export type ImageRefusal = 'type' | 'size' | 'damaged';

/** The type the first bytes of a file say it is (PNG, JPEG or WebP), whatever its name claims. */
export function sniffImageType(head: Uint8Array): (typeof UPLOAD_TYPES)[number] | undefined {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, i) => head[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

/**
 * Checks a picked file the moment it is chosen, so a bad one never becomes a broken thumbnail: its type and size,
 * what its first bytes are (a text file named `.png` is not a PNG), and that the browser can decode it (a cut or
 * damaged picture). Null when it is a usable image.
 */
export async function checkImageFile(file: File): Promise<ImageRefusal | null> {
  if (file.size === 0 || file.size > LIMITS.maxImageBytes) return 'size';
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return 'type';
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  if (!sniffImageType(head)) return 'type';
  try {
    (await createImageBitmap(file)).close();
    return null;
  } catch {
    return 'damaged';
  }
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
