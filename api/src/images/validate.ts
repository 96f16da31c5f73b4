// Upload validation: the bytes decide the type (magic numbers), never the file name or a declared MIME type.
import sharp, { type Metadata } from 'sharp';

export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];

export const IMAGE_EXTENSIONS: Record<ImageMimeType, 'png' | 'jpg' | 'webp'> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

export const IMAGE_LIMITS = {
  /** 10 MB per picture (spec §5, §9). */
  maxBytes: 10 * 1024 * 1024,
  /** Width x height (x frames); stops decompression bombs before any decode. */
  maxPixels: 40_000_000,
} as const;

export type ImageValidationReason =
  | 'empty'
  | 'too_large'
  | 'unsupported_type'
  | 'corrupt'
  | 'too_many_pixels'
  | 'bad_data_url'
  | 'unsupported_data_url_type';

export class ImageValidationError extends Error {
  readonly reason: ImageValidationReason;

  constructor(reason: ImageValidationReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImageValidationError';
    this.reason = reason;
  }
}

export interface ImageLimits {
  maxBytes?: number;
  maxPixels?: number;
}

export interface ValidatedImage {
  bytes: Buffer;
  mimeType: ImageMimeType;
  extension: 'png' | 'jpg' | 'webp';
  /** As displayed (EXIF orientation applied). */
  width: number;
  height: number;
}

/** The image type announced by the first bytes, or null when it is not PNG, JPEG or WebP. */
export function sniffImageType(bytes: Uint8Array): ImageMimeType | null {
  const b = bytes;
  if (
    b.length >= 8 &&
    b[0] === 0x89 &&
    b[1] === 0x50 &&
    b[2] === 0x4e &&
    b[3] === 0x47 &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a &&
    b[7] === 0x0a
  ) {
    return 'image/png';
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (
    b.length >= 12 &&
    b[0] === 0x52 && // R
    b[1] === 0x49 && // I
    b[2] === 0x46 && // F
    b[3] === 0x46 && // F
    b[8] === 0x57 && // W
    b[9] === 0x45 && // E
    b[10] === 0x42 && // B
    b[11] === 0x50 // P
  ) {
    return 'image/webp';
  }
  return null;
}

function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/**
 * Checks size, magic number and pixel count. Dimensions come from the header (sharp metadata),
 * so a decompression bomb is refused before anything is decoded.
 */
export async function validateImageBytes(input: Uint8Array, limits: ImageLimits = {}): Promise<ValidatedImage> {
  const maxBytes = limits.maxBytes ?? IMAGE_LIMITS.maxBytes;
  const maxPixels = limits.maxPixels ?? IMAGE_LIMITS.maxPixels;
  const bytes = Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (bytes.length === 0) throw new ImageValidationError('empty', 'The image is empty.');
  if (bytes.length > maxBytes) {
    throw new ImageValidationError(
      'too_large',
      `The image is ${formatMegabytes(bytes.length)}; the limit is ${formatMegabytes(maxBytes)}.`,
    );
  }
  const mimeType = sniffImageType(bytes);
  if (!mimeType) throw new ImageValidationError('unsupported_type', 'Only PNG, JPEG and WebP images are accepted.');

  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch (cause) {
    throw new ImageValidationError('corrupt', 'The image could not be read.', { cause });
  }
  const expectedFormat = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' }[mimeType];
  if (meta.format !== expectedFormat || !meta.width || !meta.height) {
    throw new ImageValidationError('corrupt', 'The image could not be read.');
  }
  const frames = meta.pages && meta.pages > 1 ? meta.pages : 1;
  const frameHeight = meta.pageHeight && frames > 1 ? meta.pageHeight : meta.height;
  const pixels = meta.width * frameHeight * frames;
  if (pixels > maxPixels) {
    throw new ImageValidationError(
      'too_many_pixels',
      `The image has ${Math.round(pixels / 1e6)} megapixels; the limit is ${Math.round(maxPixels / 1e6)}.`,
    );
  }
  return {
    bytes,
    mimeType,
    extension: IMAGE_EXTENSIONS[mimeType],
    width: meta.autoOrient?.width ?? meta.width,
    height: meta.autoOrient?.height ?? meta.height,
  };
}

export interface DecodedDataUrl {
  /** The type the data URL declared (one of the accepted ones); the bytes still have to be validated. */
  declaredType: ImageMimeType;
  bytes: Buffer;
}

const BASE64_BODY = /^[A-Za-z0-9+/]*={0,2}$/;
const DATA_URL_HEADER = /^data:(image\/(?:png|jpeg|jpg|webp));base64$/i;

/**
 * Decodes `data:image/<png|jpeg|webp>;base64,<payload>`. The decoded size is computed from the payload
 * length first, so an oversized upload is refused without allocating it.
 */
export function decodeImageDataUrl(dataUrl: string, limits: Pick<ImageLimits, 'maxBytes'> = {}): DecodedDataUrl {
  const maxBytes = limits.maxBytes ?? IMAGE_LIMITS.maxBytes;
  if (typeof dataUrl !== 'string' || !dataUrl.startsWith('data:')) {
    throw new ImageValidationError('bad_data_url', 'Expected a data URL (data:image/...;base64,...).');
  }
  const comma = dataUrl.indexOf(',', 0);
  if (comma < 0 || comma > 64) throw new ImageValidationError('bad_data_url', 'The data URL has no valid header.');
  const header = dataUrl.slice(0, comma);
  const match = DATA_URL_HEADER.exec(header);
  if (!match?.[1]) {
    if (/^data:[^;,]*;base64$/i.test(header)) {
      throw new ImageValidationError('unsupported_data_url_type', 'Only PNG, JPEG and WebP images are accepted.');
    }
    throw new ImageValidationError('bad_data_url', 'The data URL must be base64 encoded (data:image/...;base64,...).');
  }
  const declared = match[1].toLowerCase();
  const declaredType: ImageMimeType = declared === 'image/jpg' ? 'image/jpeg' : (declared as ImageMimeType);

  const payloadLength = dataUrl.length - comma - 1;
  if (payloadLength === 0) throw new ImageValidationError('empty', 'The image is empty.');
  if (payloadLength % 4 !== 0) throw new ImageValidationError('bad_data_url', 'The base64 payload is malformed.');
  const padding = dataUrl.endsWith('==') ? 2 : dataUrl.endsWith('=') ? 1 : 0;
  const decodedLength = (payloadLength / 4) * 3 - padding;
  if (decodedLength > maxBytes) {
    throw new ImageValidationError(
      'too_large',
      `The image is ${formatMegabytes(decodedLength)}; the limit is ${formatMegabytes(maxBytes)}.`,
    );
  }
  const payload = dataUrl.slice(comma + 1);
  if (!BASE64_BODY.test(payload)) throw new ImageValidationError('bad_data_url', 'The base64 payload is malformed.');
  return { declaredType, bytes: Buffer.from(payload, 'base64') };
}

/** Decodes and validates an uploaded data URL; the result type comes from the bytes. */
export async function validateImageDataUrl(dataUrl: string, limits: ImageLimits = {}): Promise<ValidatedImage> {
  const { bytes } = decodeImageDataUrl(dataUrl, limits);
  return validateImageBytes(bytes, limits);
}
