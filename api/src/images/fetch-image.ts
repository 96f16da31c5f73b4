// Fetch one image through the SSRF guard: 2xx only, an image-ish content type, magic bytes and pixel
// limits checked. For the image proxy, "upscale this URL" and re-hosting provider results.

import { GuardedFetchError, type GuardedFetchOptions, guardedFetch } from '../net/guarded-fetch.ts';
import { IMAGE_LIMITS, ImageValidationError, sniffImageType, type ValidatedImage, validateImageBytes } from './validate.ts';

/** Content types a host may send for an image; the bytes still decide. */
const ACCEPTED_CONTENT_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/jpg',
  'image/webp',
  'application/octet-stream',
  'binary/octet-stream',
  '',
]);

export type FetchImageOptions = Omit<GuardedFetchOptions, 'method' | 'body' | 'checkResponse' | 'checkBody'> & {
  /** Largest accepted pixel count; default 40 MP. */
  maxPixels?: number;
};

export interface FetchedImage extends ValidatedImage {
  /** The final URL (after redirects, when following them). */
  url: string;
}

export async function guardedFetchImage(url: string, options: FetchImageOptions = {}): Promise<FetchedImage> {
  const maxBytes = options.maxBytes ?? IMAGE_LIMITS.maxBytes;
  const response = await guardedFetch(url, {
    ...options,
    method: 'GET',
    maxBytes,
    headers: { accept: 'image/png,image/jpeg,image/webp;q=0.9,*/*;q=0.1', ...options.headers },
    checkResponse: (info) => {
      if (info.status < 200 || info.status > 299) {
        throw new GuardedFetchError('http_status', `The image host answered ${info.status}.`, { url: info.url, status: info.status });
      }
      if (!ACCEPTED_CONTENT_TYPES.has(info.contentType)) {
        throw new GuardedFetchError('rejected_content', `Expected an image, got ${info.contentType}.`, { url: info.url });
      }
    },
    checkBody: (body) => {
      if (!sniffImageType(body)) throw new GuardedFetchError('rejected_content', 'The response is not a PNG, JPEG or WebP image.', { url });
    },
  });
  try {
    const image = await validateImageBytes(response.body, { maxBytes, maxPixels: options.maxPixels });
    return { ...image, url: response.url };
  } catch (cause) {
    if (cause instanceof ImageValidationError) {
      throw new GuardedFetchError(cause.reason === 'too_large' ? 'too_large' : 'rejected_content', cause.message, {
        url: response.url,
        cause,
      });
    }
    throw cause;
  }
}
