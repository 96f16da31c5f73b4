// Choosing among the encodings of an answer that exists compressed ahead of time (built UI files, the API reference).
import { LRUCache } from 'lru-cache';
import type { AppContext } from './context.ts';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** Ours, best first: brotli is smaller than gzip for the same text. */
export const COMPRESSED_ENCODINGS = ['br', 'gzip'] as const;

/**
 * Whether the client takes `encoding` (named or through `*`, with q > 0). The server's order decides
 * between accepted encodings, as clients list theirs in no particular order of preference.
 */
export function accepts(ctx: AppContext, encoding: Exclude<ContentEncoding, 'identity'>): boolean {
  const header = ctx.req.headers['accept-encoding'];
  // A missing Accept-Encoding counts as identity only, so old clients and tools get plain bytes.
  if (!header) return false;
  // Browsers send a handful of distinct headers: each is negotiated once, not on every answer.
  let taken = negotiated.get(`${encoding} ${header}`);
  if (taken === undefined) {
    taken = ctx.acceptsEncodings(encoding) === encoding;
    negotiated.set(`${encoding} ${header}`, taken);
  }
  return taken;
}

/** Negotiation outcomes by encoding and Accept-Encoding header, bounded against clients sending made-up headers. */
const negotiated = new LRUCache<string, boolean>({ max: 256 });

/** Sets the headers of an encoded answer; identity sends none. Every answer with encodings varies by Accept-Encoding. */
export function setEncodingHeaders(ctx: AppContext, encoding: ContentEncoding): void {
  ctx.vary('Accept-Encoding');
  if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
}
