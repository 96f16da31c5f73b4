// What every successful sign-in does, by password or by Google.
import type { AppContext } from '../../http/context.ts';
import { User } from '../users/index.ts';
import { createSession, destroySession, purgeExpiredSessions } from './session.service.ts';
import { readSessionCookie, setSessionCookie } from './session-cookie.ts';

/**
 * Rotates the session: the browser's previous session (whoever it belonged to) is deleted and a new id
 * is issued, so an id planted before sign-in (session fixation) is worthless after it.
 */
export async function startSignedInSession(ctx: AppContext, userId: string): Promise<void> {
  const { em } = ctx.state;
  const lifetimes = ctx.services.config.sessions;
  const previous = readSessionCookie(ctx);
  if (previous) await destroySession(em, previous);
  await purgeExpiredSessions(em, userId, lifetimes);
  await em.nativeUpdate(User, { id: userId }, { lastLoginAt: new Date() });
  setSessionCookie(ctx, await createSession(em, userId, lifetimes));
}
