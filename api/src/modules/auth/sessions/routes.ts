// Where the account is signed in: the list, ending one session, ending all others (each end is in the audit log).
import type { accountSessionRoutes } from '@app/contract';
import { notFound, unauthorized } from '../../../errors.ts';
import type { HandlersFor } from '../../../http/bind.ts';
import { acting, recordAudit } from '../../audit/index.ts';
import { hashSessionId } from '../session/session.service.ts';
import { clearSessionCookie, readSessionCookie } from '../session/session-cookie.ts';
import { presentSession } from './presenter.ts';
import { endOtherUserSessions, endUserSession, listUserSessions } from './sessions.service.ts';

const plural = (count: number) => `${count} other session${count === 1 ? '' : 's'}`;

export const sessionHandlers = {
  async listAccountSessions(ctx, { caller }) {
    const sid = readSessionCookie(ctx);
    const current = sid ? hashSessionId(sid) : undefined;
    const sessions = await listUserSessions(ctx.state.em, caller.id, ctx.services.config.sessions);
    const listed = sessions.map((session) => presentSession(session, current));
    // The current session first, the rest by last activity.
    return { status: 200, body: [...listed.filter((s) => s.current), ...listed.filter((s) => !s.current)] };
  },

  async endAccountSession(ctx, { params, caller }) {
    const sid = readSessionCookie(ctx);
    const ended = await ctx.state.em.transactional(async (tx) => {
      const idHash = await endUserSession(tx, caller.id, params.id);
      if (idHash) await recordAudit(tx, { action: 'sessions.ended', by: acting(ctx, caller), subject: caller, details: { count: 1 } });
      return idHash;
    });
    if (!ended) throw notFound('No such session.');
    if (sid && hashSessionId(sid) === ended) clearSessionCookie(ctx);
    ctx.services.sessions?.evict(ended);
    return { status: 204, body: undefined };
  },

  async endOtherAccountSessions(ctx, { caller }) {
    const sid = readSessionCookie(ctx);
    if (!sid) throw unauthorized();
    const ended = await ctx.state.em.transactional(async (tx) => {
      const count = await endOtherUserSessions(tx, caller.id, hashSessionId(sid));
      if (count) await recordAudit(tx, { action: 'sessions.ended', by: acting(ctx, caller), subject: caller, details: { count } });
      return count;
    });
    return { status: 200, body: { message: `Signed out of ${plural(ended)}`, ended } };
  },
} satisfies HandlersFor<typeof accountSessionRoutes>;
