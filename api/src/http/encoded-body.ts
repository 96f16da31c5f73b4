// An answer held in memory with its brotli and gzip forms, each made once on first need and sent with its own
// strong ETag, so repeat visits revalidate with a 304 and no request pays for compression twice.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { COMPRESS_THRESHOLD } from './compression.ts';
import { accepts, COMPRESSED_ENCODINGS, type ContentEncoding, setEncodingHeaders } from './content-encoding.ts';
import type { AppContext } from './context.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

interface Form {
  bytes: Buffer;
  /** A digest of exactly these bytes: each encoding has its own tag. */
  etag: string;
}

function strongEtag(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
}

export class EncodedBody {
  readonly identity: Buffer;
  private readonly brotliQuality: number;
  private readonly forms = new Map<ContentEncoding, Promise<Form>>();

  /** `brotliQuality`: 11 (the default) for small bodies; large ones take less (11 costs ~15 s for 4 MB). */
  constructor(identity: Buffer, brotliQuality: number = constants.BROTLI_MAX_QUALITY) {
    this.identity = identity;
    this.brotliQuality = brotliQuality;
  }

  /** The body in `encoding`; compressed once (on zlib's thread pool), then kept. */
  form(encoding: ContentEncoding): Promise<Form> {
    let form = this.forms.get(encoding);
    if (!form) {
      form = this.encode(encoding).then((bytes) => ({ bytes, etag: strongEtag(bytes) }));
      this.forms.set(encoding, form);
    }
    return form;
  }

  private encode(encoding: ContentEncoding): Promise<Buffer> {
    if (encoding === 'br') {
      return brotli(this.identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: this.brotliQuality,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
        },
      });
    }
    if (encoding === 'gzip') return gz(this.identity, { level: constants.Z_BEST_COMPRESSION });
    return Promise.resolve(this.identity);
  }
}

/** A file's EncodedBody, read again only when its size or modification time changes (e.g. a re-emitted spec). */
export function fileBody(path: string, brotliQuality?: number): () => Promise<EncodedBody> {
  let cached: { version: string; body: Promise<EncodedBody> } | undefined;
  return async () => {
    const info = await stat(path);
    const version = `${info.size}-${info.mtimeMs}`;
    if (cached?.version !== version) {
      const body = readFile(path).then((bytes) => new EncodedBody(bytes, brotliQuality));
      cached = { version, body };
      // A failed read is not kept: the next request tries again.
      body.catch(() => {
        if (cached?.body === body) cached = undefined;
      });
    }
    return cached.body;
  };
}

/** Sends the best form the client takes (brotli, gzip, else identity) with a strong ETag; 304 when it still holds it. */
export async function sendEncodedBody(ctx: AppContext, body: EncodedBody, options: { type: string; cacheControl: string }): Promise<void> {
  const encoding =
    body.identity.length < COMPRESS_THRESHOLD
      ? 'identity'
      : (COMPRESSED_ENCODINGS.find((candidate) => accepts(ctx, candidate)) ?? 'identity');
  const form = await body.form(encoding);
  // Encoded here once, with a tag per encoding: the per-request compressor stays out.
  ctx.compress = false;
  ctx.status = 200;
  ctx.set('Cache-Control', options.cacheControl);
  setEncodingHeaders(ctx, encoding);
  ctx.etag = form.etag;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.type = options.type;
  ctx.body = form.bytes;
}
