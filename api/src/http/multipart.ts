// multipart/form-data bodies for the few routes that take files as their clients send them (OpenAI's image edits):
// each file part becomes its field's value as base64 text, so the contract validates, and `Idempotency-Key`
// hashes, files like any other field. Repeated names (`image[]`) become arrays.
import { readFile, unlink } from 'node:fs/promises';
import type { Context, Middleware, Next } from 'koa';
import { koaBody } from 'koa-body';

export interface MultipartLimits {
  /** Largest one file, in bytes. */
  maxFileBytes: number;
  /** Most files in one request. */
  maxFiles: number;
}

interface UploadedFile {
  filepath: string;
}

const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Parses multipart bodies of POSTs to `paths`; other requests pass untouched. Temporary files are removed at once. */
export function multipartBody(paths: readonly string[], limits: MultipartLimits): Middleware {
  const only = new Set(paths);
  const parser = koaBody({
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    formidable: {
      maxFileSize: limits.maxFileBytes,
      maxFiles: limits.maxFiles,
      maxTotalFileSize: limits.maxFileBytes * limits.maxFiles,
      maxFieldsSize: 1024 * 1024,
      allowEmptyFiles: false,
      multiples: true,
    },
  });
  // Every other request passes straight on, without a frame of its own.
  return (ctx, next) => (ctx.method === 'POST' && only.has(ctx.path) && ctx.is('multipart/form-data') ? parse(ctx, next) : next());

  async function parse(ctx: Context, next: Next): Promise<unknown> {
    await parser(ctx, async () => {});
    const body: Record<string, string | string[]> = { ...(ctx.request.body as Record<string, string | string[]>) };
    const files = (ctx.request.files ?? {}) as Record<string, UploadedFile | UploadedFile[]>;
    try {
      for (const [name, value] of Object.entries(files)) {
        const encoded = await Promise.all(asList(value).map(async (file) => (await readFile(file.filepath)).toString('base64')));
        // `image[]` is a list whatever its count; a plain name repeated is a list too.
        body[name] = name.endsWith('[]') || encoded.length > 1 ? encoded : (encoded[0] ?? '');
      }
    } finally {
      await Promise.all(Object.values(files).flatMap((value) => asList(value).map((file) => unlink(file.filepath).catch(() => undefined))));
    }
    ctx.request.body = body;
    return next();
  }
}
