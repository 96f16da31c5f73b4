// Brotli or gzip for the JSON and HTML the API writes per request; files come precompressed (static.ts, docs.ts).
import type { Middleware } from 'koa';
import compress from 'koa-compress';
import type { AppContextExtras, AppState } from './context.ts';

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

/**
 * koa-compress with brotli (fast quality, it runs on every request) preferred to gzip. An answer that already has a
 * `Content-Encoding` (a precompressed file) passes untouched. Its strong ETag becomes weak once compressed:
 * the compressed bytes are not the bytes the tag was computed on, and If-None-Match compares weakly anyway.
 */
export function compression(): Middleware<AppState, AppContextExtras> {
  const compressor = compress({
    filter: isCompressibleAnswer,
    threshold: COMPRESS_THRESHOLD,
    // zstd would win the negotiation in Chromium; brotli and gzip are what we serve and test.
    zstd: false,
    deflate: false,
    encodingPreference: ['br', 'gzip', 'identity'],
  });
  return async (ctx, next) => {
    let encodedBefore = false;
    await compressor(ctx, async () => {
      await next();
      encodedBefore = Boolean(ctx.response.get('Content-Encoding'));
    });
    // Koa answers undefined for a header that is not set, whatever its typing says.
    const etag: string | undefined = ctx.response.get('ETag');
    if (!encodedBefore && ctx.response.get('Content-Encoding') && etag?.startsWith('"')) ctx.set('ETag', `W/${etag}`);
  };
}
