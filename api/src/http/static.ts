// The built UI in the all-in-one start: host shell at `/` (SPA fallback) and each remote at `/remotes/<name>/`,
// sent as the build's brotli or gzip copy when the client takes it.
import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, extname, join, posix, sep } from 'node:path';
import { isPagePath } from '@app/contract/constants';
import type { Middleware } from 'koa';
import { isApiPath } from './bind.ts';
import { accepts, COMPRESSED_ENCODINGS, type ContentEncoding, setEncodingHeaders } from './content-encoding.ts';
import type { AppContext, AppContextExtras, AppState } from './context.ts';
import { firstPaintPages } from './first-paint.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';
import { inlineScriptHashes } from './security-headers.ts';

export interface StaticOptions {
  /** The host shell's build (holds index.html). */
  hostDir: string;
  /** Remote name to its build folder. */
  remoteDirs: Record<string, string>;
  /** The page CSP for the shell's inline-script hashes (see `shellPolicies`). */
  pagePolicy?: (shellHashes: readonly string[]) => string;
}

/** Files that name the current build: always revalidated. */
const ENTRY_FILES = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json']);
/** Vite's content-hashed names, e.g. `index-BkJ3xY_z.js`. */
const HASHED = /-[A-Za-z0-9_-]{8,}\.[A-Za-z0-9]+$/;

/** Cache policy: hashed assets forever, entry points and everything else revalidated. */
export function cacheControlFor(file: string): string {
  const name = basename(file);
  if (!ENTRY_FILES.has(name) && HASHED.test(name)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/** Resolves a URL path inside a root, refusing traversal, dotfiles and bad encodings. */
export function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const normalized = posix.normalize(`/${decoded}`);
  if (normalized.split('/').some((segment) => segment.startsWith('.'))) return undefined;
  const full = join(root, normalized);
  return full === root || full.startsWith(root.endsWith(sep) ? root : root + sep) ? full : undefined;
}

/**
 * Headers a file that is not a document (or an SVG opened as one) goes without: a script, style sheet or manifest
 * never runs under its own CSP, and no one quotes its request id. Response headers count in what every request
 * transfers (a page loads tens of files). The page-only headers it never gets (`securityHeaders`).
 */
const NOT_FOR_FILES = [
  // Request ids trace API calls and pages in the logs; the log line of a file request keeps its id.
  REQUEST_ID_HEADER,
  'Content-Security-Policy',
] as const;
const DOCUMENT_TYPES = new Set(['.html', '.svg']);

/** Script files of the build (Vite emits ES modules only). */
const MODULE_SCRIPTS = new Set(['.js', '.mjs']);

/** File name endings of the build's precompressed copies. */
const SUFFIX = { br: '.br', gzip: '.gz' } as const;

/** The build's `.br`/`.gz` copy of a file (`remotes/precompress.ts`), when the client takes it and it is not older than the file. */
async function precompressedCopy(
  ctx: AppContext,
  file: string,
  info: Stats,
): Promise<{ encoding: ContentEncoding; file: string; info: Stats }> {
  for (const encoding of COMPRESSED_ENCODINGS) {
    if (!accepts(ctx, encoding)) continue;
    const copy = `${file}${SUFFIX[encoding]}`;
    const copyInfo = await stat(copy).catch(() => undefined);
    // A copy older than its file is left over from another build: never send stale bytes.
    if (copyInfo?.isFile() && copyInfo.mtimeMs >= info.mtimeMs) return { encoding, file: copy, info: copyInfo };
  }
  return { encoding: 'identity', file, info };
}

/**
 * The CSP of a shell page (the bare shell or a page's first frame) as the file is on disk now. Any inline script a
 * shell holds is allowed by its hash: a UI rebuilt while the server runs needs its new hash, not the one read at
 * start. Each file is read again only when it changes.
 */
function shellPolicies(pagePolicy: (shellHashes: readonly string[]) => string): (file: string, info: Stats) => Promise<string> {
  const cached = new Map<string, { version: string; policy: string }>();
  return async (file, info) => {
    const version = `${info.mtimeMs}-${info.size}`;
    let entry = cached.get(file);
    if (entry?.version !== version) {
      entry = { version, policy: pagePolicy(inlineScriptHashes(await readFile(file, 'utf8'))) };
      cached.set(file, entry);
    }
    return entry.policy;
  };
}

/**
 * Sends a file (or its precompressed copy) with type, length, validators and cache policy; false when it is not a
 * regular file. `policy`: the CSP of a shell page; `variant`: which of a page's versions this is (its language).
 */
async function sendFile(
  ctx: AppContext,
  file: string,
  { policy, variant = '' }: { policy?: (file: string, info: Stats) => Promise<string>; variant?: string } = {},
): Promise<boolean> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return false;
  if (policy) ctx.set('Content-Security-Policy', await policy(file, info));
  const sent = await precompressedCopy(ctx, file, info);
  // The build chose the encodings; the per-request compressor stays out.
  ctx.compress = false;
  ctx.status = 200;
  const cacheControl = cacheControlFor(file);
  ctx.set('Cache-Control', cacheControl);
  setEncodingHeaders(ctx, sent.encoding);
  if (!DOCUMENT_TYPES.has(extname(file))) for (const header of NOT_FOR_FILES) ctx.remove(header);
  // Only files that are revalidated carry validators. A hashed file never changes under its name and is
  // cached for a year without asking again: a validator there would be response-header bytes on every
  // first visit that no one ever sends back.
  if (cacheControl === 'no-cache') {
    ctx.lastModified = info.mtime;
    // One tag per version and encoding: a cache holding the brotli bytes (or another language's page) must not
    // revalidate them against other bytes.
    const suffix = `${variant && `-${variant}`}${sent.encoding === 'identity' ? '' : `-${sent.encoding}`}`;
    ctx.etag = `W/"${sent.info.size.toString(16)}-${Math.floor(sent.info.mtimeMs).toString(16)}${suffix}"`;
    if (ctx.fresh) {
      ctx.status = 304;
      return true;
    }
  }
  // The build's scripts are all ES modules, which browsers decode as UTF-8 whatever the header says: a charset
  // parameter there would be bytes on every script for nothing.
  if (MODULE_SCRIPTS.has(extname(file))) ctx.set('Content-Type', 'text/javascript');
  else ctx.type = extname(file) || 'application/octet-stream';
  ctx.length = sent.info.size;
  // Koa sends no body for HEAD and destroys the unread stream when the response finishes.
  ctx.body = createReadStream(sent.file);
  return true;
}

/** Whether a request is a browser navigation the SPA should answer (explicit text/html, not an API or asset path). */
function wantsSpaPage(ctx: AppContext): boolean {
  return !isApiPath(ctx.path) && !ctx.path.startsWith('/remotes/') && (ctx.get('Accept') ?? '').includes('text/html');
}

/** Serves the host shell and remotes; unknown files fall through (to the 404 problem). */
export function serveStatic(options: StaticOptions): Middleware<AppState, AppContextExtras> {
  const indexFile = join(options.hostDir, 'index.html');
  // Each page's first frame in each language, when the build rendered them (first-paint.ts); else the bare shell.
  const firstPaint = firstPaintPages(options.hostDir);
  const policy = options.pagePolicy && shellPolicies(options.pagePolicy);
  const sendShell = (ctx: AppContext, file: string, variant?: string) => sendFile(ctx, file, { policy, variant });
  // Every page of the host runs under a CSP made from its own file.
  const send = (ctx: AppContext, file: string) => (extname(file) === '.html' ? sendShell(ctx, file) : sendFile(ctx, file));
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const remote = /^\/remotes\/([a-z0-9-]+)(\/.*)$/.exec(ctx.path);
    if (remote) {
      const dir = options.remoteDirs[remote[1] ?? ''];
      const file = dir && resolveInside(dir, remote[2] ?? '/');
      if (file && (await sendFile(ctx, file))) return;
      return next();
    }
    const page = wantsSpaPage(ctx) ? firstPaint.pageFor(ctx, ctx.path) : undefined;
    if (page && (await sendShell(ctx, page.file, page.variant))) return;
    const file = resolveInside(options.hostDir, ctx.path.endsWith('/') ? `${ctx.path}index.html` : ctx.path);
    // The first frames are templates the server picks from by address and language, never files to fetch by name.
    if (file && !firstPaint.holds(file) && (await send(ctx, file))) return;
    const shell = wantsSpaPage(ctx) && !isPagePath(ctx.path) ? firstPaint.pageFor(ctx) : undefined;
    if (wantsSpaPage(ctx) && (await sendShell(ctx, shell?.file ?? indexFile, shell?.variant))) {
      // The shell renders 'Page Not Found' for an address that is no page; the status says so too.
      if (!isPagePath(ctx.path) && ctx.status === 200) ctx.status = 404;
      return;
    }
    await next();
  };
}
