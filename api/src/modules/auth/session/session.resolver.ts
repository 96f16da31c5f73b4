// Principal resolver: the `sid` cookie -> `ctx.state.user`.
import type { AppContext, PrincipalResolver } from '../../../http/context.ts';
import { toPrincipal } from '../../users/index.ts';
import { assertSameSiteRequest, isUnsafeMethod } from '../csrf/csrf.ts';
import { hashSessionId, isSessionId, resolveSessionByHash, SESSION_TOUCH_INTERVAL_MS } from './session.service.ts';
import { clearSessionCookie, sessionCookieOf } from './session-cookie.ts';

/**
 * Reads the session cookie. Unsafe methods carrying it are first checked for CSRF (403 `csrf_rejected`).
 * An unknown, expired or disabled user's session reads as anonymous. Its cookie is left alone: this answer may reach
 * the browser after one that set a new id (a password change or sign-in answered meanwhile), and clearing would then
 * sign the browser out. Only a malformed cookie, which no rotation ever set, is cleared.
 * Sessions checked a moment ago come from the process's session cache (see session-cache.ts).
 */
export const sessionResolver: PrincipalResolver = (ctx) => {
  // One read of the header: present (checked for CSRF), then well-formed.
  const sid = sessionCookieOf(ctx.req.headers.cookie);
  if (sid === undefined) return undefined;
  if (isUnsafeMethod(ctx.method)) assertSameSiteRequest(ctx);
  if (!isSessionId(sid)) {
    clearSessionCookie(ctx);
    return undefined;
  }
  const { sessions: cache, config } = ctx.services;
  const idHash = hashSessionId(sid);
  const now = Date.now();
  const known = cache?.get(idHash, now, config.sessions);
  if (known) return { user: known };
  return fromDatabase(ctx, idHash, now);
};

async function fromDatabase(ctx: AppContext, idHash: string, now: number) {
  const { sessions: cache, config } = ctx.services;
  const generation = cache?.generation ?? 0;
  const session = await resolveSessionByHash(ctx.state.em, idHash, config.sessions, new Date(now));
  if (!session) return undefined;
  const principal = toPrincipal(session.user);
  // A session due for its touch was just touched.
  const read = session.lastSeenAt.getTime();
  const lastSeenAt = now - read >= SESSION_TOUCH_INTERVAL_MS ? now : read;
  cache?.set(idHash, { principal, expiresAt: session.expiresAt.getTime(), lastSeenAt }, generation, now);
  return { user: principal };
}
