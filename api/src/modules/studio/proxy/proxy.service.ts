// The image proxy: our own files straight from storage, the provider's result hosts through the SSRF guard.
import type { Readable } from 'node:stream';
import { LIMITS } from '@app/contract/constants';
import { badGateway, notFound } from '../../../errors.ts';
import { type FetchImageOptions, guardedFetchImage } from '../../../images/fetch-image.ts';
import { GuardedFetchError, type GuardedFetchErrorReason } from '../../../net/guarded-fetch.ts';
import { type FileStorage, serveFile } from '../../../storage/storage.ts';
import { classifyImageUrl } from '../files/image-sources.ts';
import { urlNotAllowed } from '../problems.ts';

export interface ProxiedImage {
  body: Buffer | Readable;
  contentType: string;
  headers: Record<string, string>;
}

export interface ProxyOptions {
  storage: FileStorage;
  /** The provider's result hosts. */
  allowHosts: readonly string[];
  /** Extra guarded-fetch options (the test-only private escape hatch). */
  fetchOptions?: FetchImageOptions;
}

/** Largest image the proxy passes on (an x4 upscale can exceed the 10 MB upload limit). */
export const PROXY_MAX_BYTES = LIMITS.proxyMaxBytes;
export const PROXY_TIMEOUT_MS = 15_000;

/** Reasons that mean "we will not go there" (403) rather than "it did not work" (502). */
const REFUSED: ReadonlySet<GuardedFetchErrorReason> = new Set([
  'invalid_url',
  'unsupported_protocol',
  'credentials_in_url',
  'blocked_host',
  'blocked_address',
  'host_not_allowed',
  'redirect',
  'too_many_redirects',
]);

const SAFE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Cache-Control': 'private, max-age=300',
};

/**
 * Fetches an image for the browser. Our own URLs are read from storage (no HTTP, public files only);
 * allowed provider hosts go through `guardedFetchImage` (no private addresses, no redirects, size and time
 * caps, image bytes checked). Throws 403 `url_not_allowed`, 404, or 502 problems.
 */
export async function proxyImage(options: ProxyOptions, address: string): Promise<ProxiedImage> {
  const source = classifyImageUrl(options.storage, options.allowHosts, address);
  if (source.kind === 'stored') {
    const served = await serveFile(options.storage, source.key);
    if (!served) throw notFound('This image does not exist.');
    return { body: served.stream, contentType: served.contentType, headers: served.headers };
  }
  if (source.kind === 'other') throw urlNotAllowed(source.reason);
  try {
    const image = await guardedFetchImage(source.url.href, {
      ...options.fetchOptions,
      allowHosts: options.allowHosts,
      redirect: 'error',
      maxBytes: PROXY_MAX_BYTES,
      timeoutMs: PROXY_TIMEOUT_MS,
    });
    return { body: image.bytes, contentType: image.mimeType, headers: { ...SAFE_HEADERS, 'Content-Length': String(image.bytes.length) } };
  } catch (error) {
    if (!(error instanceof GuardedFetchError)) throw error;
    if (REFUSED.has(error.reason)) throw urlNotAllowed('This address points somewhere the proxy does not go.');
    throw badGateway(`The image could not be fetched: ${error.message}`, error);
  }
}
