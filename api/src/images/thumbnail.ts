// Grid thumbnails: WebP, longest side ~384 px, EXIF orientation applied, never enlarged.
import sharp from 'sharp';
import { IMAGE_LIMITS } from './validate.ts';

export const THUMBNAIL_SIZE = 384;

export interface Thumbnail {
  bytes: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
}

export async function thumbnail(input: Uint8Array, options: { size?: number; quality?: number } = {}): Promise<Thumbnail> {
  const size = options.size ?? THUMBNAIL_SIZE;
  const { data, info } = await sharp(input, { limitInputPixels: IMAGE_LIMITS.maxPixels })
    .rotate()
    .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    // Effort 2 encodes in half the time of 4 for a few per cent more bytes: the thumbnail is on the way to the first sight.
    .webp({ quality: options.quality ?? 78, effort: 2 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height };
}

/** Where the thumbnail of a stored image lives: `results/abc/0.png` -> `thumbs/results/abc/0.webp`. */
export function thumbnailKeyFor(key: string): string {
  return `thumbs/${key.replace(/\.[a-z]+$/i, '')}.webp`;
}
