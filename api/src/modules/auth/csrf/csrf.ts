// CSRF defence without tokens: cookie-authenticated writes must come from our own origin (or an allowed
// CORS origin). Browsers always send `Origin` on cross-origin POST/PUT/PATCH/DELETE and `Sec-Fetch-Site`
// on modern versions; the SameSite=Lax cookie is the second layer.
import { HttpProblem } from '../../../errors.ts';
import type { AppContext } from '../../../http/context.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Methods that change state (everything but GET, HEAD, OPTIONS). */
export function isUnsafeMethod(method: string): boolean {
  return UNSAFE.has(method.toUpperCase());
}

export const csrfRejected = () =>
  new HttpProblem({
    status: 403,
    code: 'csrf_rejected',
    title: 'Cross-site request refused',
    detail: 'This request came from another site. Reload the page and try again.',
  });

/** This server's origin as the browser sees it, the public URL's, and the CORS allow-list. */
export function trustedOrigins(ctx: AppContext): Set<string> {
  const { publicUrl, corsOrigins } = ctx.services.config;
  const origins = new Set<string>(corsOrigins);
  // Not `ctx.origin`: in Koa 3 that is the request's Origin header, which would trust every caller.
  origins.add(`${ctx.protocol}://${ctx.host}`);
  if (publicUrl) origins.add(new URL(publicUrl).origin);
  return origins;
}

/**
 * Throws 403 `csrf_rejected` when the request says it comes from a foreign site: an `Origin` header
 * that is not trusted (including `null`), or `Sec-Fetch-Site: cross-site` without a trusted `Origin`.
 * Requests with neither header (curl, server-to-server) pass: they cannot carry a victim's cookie.
 */
export function assertSameSiteRequest(ctx: AppContext): void {
  const origin = ctx.get('Origin');
  const trusted = origin !== '' && trustedOrigins(ctx).has(origin);
  if (origin !== '' && !trusted) throw csrfRejected();
  if (ctx.get('Sec-Fetch-Site').toLowerCase() === 'cross-site' && !trusted) throw csrfRejected();
}
