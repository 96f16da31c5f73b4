// `GET /files/<key>`: stored uploads, results and thumbnails, outside the contract like other static files.
import type { Middleware } from 'koa';
import type { AppContextExtras, AppState } from '../../../http/context.ts';
import { serveFile } from '../../../storage/storage.ts';

const PREFIX = '/files/';

/**
 * Serves public stored images with long immutable caching (names are random and never reused). Anything
 * else under `/files/` (private keys, unknown files, bad names) falls through to the 404 problem.
 */
export function storedFiles(): Middleware<AppState, AppContextExtras> {
  return async (ctx, next) => {
    const storage = ctx.services.studio.storage;
    if (!ctx.path.startsWith(PREFIX) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    let key: string;
    try {
      key = decodeURIComponent(ctx.path.slice(PREFIX.length));
    } catch {
      return next();
    }
    const served = await serveFile(storage, key);
    if (!served) return next();
    ctx.status = 200;
    ctx.set(served.headers);
    // Koa sends no body for HEAD and destroys the unread stream once the response ends.
    ctx.body = served.stream;
  };
}
