// Principal resolver: the `sid` cookie -> `ctx.state.user`.
import type { PrincipalResolver } from '../../http/context.ts';
import { toPrincipal } from '../users/presenter.ts';
import { assertSameSiteRequest, isUnsafeMethod } from './csrf.ts';
import { resolveSession } from './session.service.ts';
import { clearSessionCookie, hasSessionCookie, readSessionCookie } from './session-cookie.ts';

/**
 * Reads the session cookie. Unsafe methods carrying it are first checked for CSRF (403 `csrf_rejected`).
 * An unknown, expired or disabled user's session reads as anonymous and the cookie is cleared.
 */
export const sessionResolver: PrincipalResolver = async (ctx) => {
  if (!hasSessionCookie(ctx)) return undefined;
  if (isUnsafeMethod(ctx.method)) assertSameSiteRequest(ctx);
  const sid = readSessionCookie(ctx);
  const user = sid ? await resolveSession(ctx.state.em, sid, ctx.services.config.sessions) : undefined;
  if (!user) {
    clearSessionCookie(ctx);
    return undefined;
  }
  return { user: toPrincipal(user) };
};
