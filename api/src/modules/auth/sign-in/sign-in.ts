// What every successful sign-in does, by password, passkey or Google.
import type { AppContext } from '../../../http/context.ts';
import { type AuditParty, recordAudit, requestOrigin, signInHistory } from '../../audit/index.ts';
import { User } from '../../users/index.ts';
import { queueSecurityAlert } from '../mail/alerts.ts';
import { createSession, destroySession, purgeExpiredSessions } from '../session/session.service.ts';
import { readSessionCookie, setSessionCookie } from '../session/session-cookie.ts';

/**
 * Rotates the session: the browser's previous session (whoever it belonged to) is deleted and a new id
 * is issued, so an id planted before sign-in (session fixation) is worthless after it. The first sign-in from an
 * address is a security event of the account, written with the new session, and mailed to a verified email (except the
account's very first). Returns whether the address was new.
 */
export async function startSignedInSession(ctx: AppContext, user: AuditParty): Promise<{ newAddress: boolean }> {
  const { em } = ctx.state;
  const lifetimes = ctx.services.config.sessions;
  const previous = readSessionCookie(ctx);
  if (previous) await destroySession(em, previous);
  await purgeExpiredSessions(em, user.id, lifetimes);
  const origin = requestOrigin(ctx);
  const { sid, newAddress } = await em.transactional(async (tx) => {
    await tx.nativeUpdate(User, { id: user.id }, { lastLoginAt: new Date() });
    const created = await createSession(tx, user.id, lifetimes, new Date(), origin);
    const history = origin.ip === null ? null : await signInHistory(tx, user.id, origin.ip);
    const fresh = history !== null && !history.fromHere;
    if (fresh) {
      await recordAudit(tx, { action: 'sign_in.new_address', by: { ...origin, id: user.id, username: user.username }, subject: user });
      // The very first sign-in of an account is no news to its owner.
      if (history.before) await queueSecurityAlert(ctx, tx, user.id, 'new_address');
    }
    return { sid: created, newAddress: fresh };
  });
  setSessionCookie(ctx, sid);
  return { newAddress };
}
