// Brotli or gzip for the JSON and HTML the API writes per request; files come precompressed (static.ts, docs.ts).
import compress from 'koa-compress';
import { accepts, COMPRESSED_ENCODINGS } from './content-encoding.ts';
import type { AppContext } from './context.ts';

/** Below about a packet, compressing costs more time than it saves bytes. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Only answers that are built whole: JSON, problem+json and HTML. Never images (already compressed, and
 * `/files/*` streams them), never `text/event-stream` (a compressor buffers, so events would arrive late).
 */
export function isCompressibleAnswer(type: string): boolean {
  const mime = type.split(';')[0]?.trim().toLowerCase() ?? '';
  return mime === 'application/json' || mime.endsWith('+json') || mime === 'text/html';
}

const compressor = compress({
  filter: isCompressibleAnswer,
  threshold: COMPRESS_THRESHOLD,
  // zstd would win the negotiation in Chromium; brotli and gzip are what we serve and test.
  zstd: false,
  deflate: false,
  encodingPreference: ['br', 'gzip', 'identity'],
});
const done = () => Promise.resolve();

/**
 * koa-compress with brotli (fast quality, it runs on every request) preferred to gzip, run by the request frame once
 * the answer is built, and only for a body it may compress: small answers skip its checks and its extra async frame.
 * Answers that choose their own encoding (built files, the API reference) set `ctx.compress = false` and pass
 * untouched, as does anything that already has a `Content-Encoding`. (Every answer varies by Accept-Encoding: the
 * frame says so before the chain runs.)
 *
 * A strong ETag names exact bytes, and compressed bytes are other bytes: when the client takes brotli or gzip, a
 * strong tag of a compressible answer is sent weak (`W/`), on the 200 (compressed or too small to be) and on the
 * 304 alike, so both name the answer the same way. If-None-Match compares weakly, so 304s keep working.
 */
export function compressAnswer(ctx: AppContext): Promise<void> | undefined {
  const encodedBefore = Boolean(ctx.response.get('Content-Encoding'));
  const { body } = ctx;
  // A client that takes neither brotli nor gzip gets the body as it is: no need for koa-compress's own negotiation.
  const takesCompressed = COMPRESSED_ENCODINGS.some((encoding) => accepts(ctx, encoding));
  if (body && takesCompressed && !encodedBefore && ctx.compress !== false && !(ctx.response.length < COMPRESS_THRESHOLD)) {
    return compressor(ctx, done).then(() => weakenStrongEtag(ctx, encodedBefore, takesCompressed));
  }
  // Nothing to compress (most answers): done at once, without a turn of the microtask queue.
  weakenStrongEtag(ctx, encodedBefore, takesCompressed);
  return undefined;
}

function weakenStrongEtag(ctx: AppContext, encodedBefore: boolean, takesCompressed: boolean): void {
  // Koa answers undefined for a header that is not set, whatever its typing says.
  const etag: string | undefined = ctx.response.get('ETag');
  if (
    etag?.startsWith('"') &&
    ctx.compress !== false &&
    !encodedBefore &&
    (ctx.status === 304 || isCompressibleAnswer(ctx.response.type)) &&
    takesCompressed
  ) {
    ctx.set('ETag', `W/${etag}`);
  }
}
