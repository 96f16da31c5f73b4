// Brotli or gzip for the JSON and HTML the API writes per request; files come precompressed (static.ts, docs.ts).
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import compress from 'koa-compress';
import { LRUCache } from 'lru-cache';
import { accepts, COMPRESSED_ENCODINGS } from './content-encoding.ts';
import type { AppContext } from './context.ts';
import type { KeptJson } from './kept-json.ts';

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

/** Brotli's quality on every request: koa-compress's default, fast. */
const BROTLI_QUALITY = 4;

const compressor = compress({
  filter: isCompressibleAnswer,
  threshold: COMPRESS_THRESHOLD,
  // zstd would win the negotiation in Chromium; brotli and gzip are what we serve and test.
  zstd: false,
  deflate: false,
  br: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  encodingPreference: ['br', 'gzip', 'identity'],
});
const done = () => Promise.resolve();

const brotliText = promisify(brotliCompress);
const gzipText = promisify(gzip);
/** A kept answer's compressed bytes, with the compressor's settings (on zlib's thread pool). */
const compressOnce = {
  br: (text: string) => brotliText(text, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
  gzip: (text: string) => gzipText(text),
};

/**
 * Where a request holds the kept answer it sends (`offerKeptJson`): a property of its context, not a WeakMap entry per
 * request, whose keys the collector must trace apart.
 */
const KEPT = Symbol('kept answer');
type HoldingKept = AppContext & { [KEPT]?: KeptJson };

/**
 * The encoding koa-compress chose for each Accept-Encoding header, learnt from its answers: a kept answer is sent in
 * the same encoding as a fresh one. Bounded against clients sending made-up headers.
 */
const chosenEncodings = new LRUCache<string, 'br' | 'gzip' | 'identity'>({ max: 256 });

const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/;

/** Says the answer's body is `kept`'s JSON: compressed, it is sent with the bytes `kept` holds. */
export function offerKeptJson(ctx: AppContext, kept: KeptJson): void {
  (ctx as HoldingKept)[KEPT] = kept;
}

/**
 * koa-compress with brotli (fast quality, it runs on every request) preferred to gzip, run by the request frame once
 * the answer is built, and only for a body it may compress: small answers skip its checks and its extra async frame.
 * Answers that choose their own encoding (built files, the API reference) set `ctx.compress = false` and pass
 * untouched, as does anything that already has a `Content-Encoding`. (Every answer varies by Accept-Encoding: the
 * frame says so before the chain runs.) An answer a cache keeps (`offerKeptJson`) is compressed once, not per read.
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
    const kept = (ctx as HoldingKept)[KEPT];
    const compressing = kept && kept.body === body && keptFormApplies(ctx) ? sendKeptForm(ctx, kept) : compressor(ctx, done);
    return compressing.then(() => weakenStrongEtag(ctx, encodedBefore, takesCompressed));
  }
  // Nothing to compress (most answers): done at once, without a turn of the microtask queue.
  weakenStrongEtag(ctx, encodedBefore, takesCompressed);
  return undefined;
}

/** Whether koa-compress would leave nothing but the encoding to choose (its other reasons to pass an answer by). */
function keptFormApplies(ctx: AppContext): boolean {
  return (
    ctx.compress === undefined &&
    ctx.method === 'GET' &&
    ctx.status === 200 &&
    ctx.writable &&
    !ctx.res.headersSent &&
    isCompressibleAnswer(ctx.response.type) &&
    !ctx.response.get('Content-Range') &&
    !NO_TRANSFORM.test(ctx.response.get('Cache-Control'))
  );
}

/** Sends a kept answer in the encoding koa-compress chooses for this client, compressed once for every such read. */
async function sendKeptForm(ctx: AppContext, kept: KeptJson): Promise<void> {
  const header = ctx.req.headers['accept-encoding'] ?? '';
  const chosen = chosenEncodings.get(header);
  if (!chosen) {
    // The first answer to this header is compressed as any other, and tells which encoding it takes.
    await compressor(ctx, done);
    chosenEncodings.set(header, (ctx.response.get('Content-Encoding') || 'identity') as 'br' | 'gzip' | 'identity');
    return;
  }
  if (chosen === 'identity') return;
  const bytes = await kept.form(chosen, compressOnce[chosen]);
  ctx.set('Content-Encoding', chosen);
  ctx.body = bytes;
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
