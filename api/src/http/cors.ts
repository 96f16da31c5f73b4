// CORS for an exact allow-list of origins with credentials. No wildcards, no reflection of unknown origins.
import type { Middleware } from 'koa';
import type { AppContextExtras, AppState } from './context.ts';

const ALLOW_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const ALLOW_HEADERS = 'Content-Type, Authorization, X-CSRF-Token, X-Request-Id';
const EXPOSE_HEADERS = 'X-Request-Id, Retry-After, Location';

/** Answers preflights and adds CORS headers for allowed origins; other origins get no CORS headers at all. */
export function cors(allowedOrigins: readonly string[]): Middleware<AppState, AppContextExtras> {
  const allowed = new Set(allowedOrigins);
  // Without an allow-list every origin gets the same answer: nothing for a cache to tell apart (and no
  // `Vary: Origin` on each of the tens of files a page loads).
  const variesByOrigin = allowed.size > 0;
  return (ctx, next) => {
    if (variesByOrigin) ctx.vary('Origin');
    const origin = ctx.req.headers.origin;
    const preflight = ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method') !== '';
    if (!origin || !allowed.has(origin)) {
      // A refused preflight: answered, but without permission headers, so the browser blocks the call.
      if (preflight && origin) {
        ctx.status = 204;
        return;
      }
      return next();
    }
    ctx.set('Access-Control-Allow-Origin', origin);
    ctx.set('Access-Control-Allow-Credentials', 'true');
    if (preflight) {
      ctx.set('Access-Control-Allow-Methods', ALLOW_METHODS);
      ctx.set('Access-Control-Allow-Headers', ALLOW_HEADERS);
      ctx.set('Access-Control-Max-Age', '600');
      ctx.status = 204;
      return;
    }
    ctx.set('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    return next();
  };
}
