// GET /api/events: the signed-in user's live stream.
import type { liveRoutes } from '@app/contract';
import { unauthorized } from '../../errors.ts';
import type { HandlersFor } from '../../http/bind.ts';
import { findSessionExpiry, hashSessionId, readSessionCookie } from '../auth/index.ts';
import type { LiveHub } from './hub.ts';

declare module '../../http/context.ts' {
  interface AppServices {
    /** The process's event streams (one LISTEN connection, opened by the server). */
    live: LiveHub;
  }
}

export const liveHandlers = {
  async streamEvents(ctx, { caller }) {
    const hub = ctx.services.live;
    const sid = readSessionCookie(ctx);
    if (!sid) throw unauthorized();
    const sessionHash = hashSessionId(sid);
    const expiresAt = await findSessionExpiry(ctx.state.em, sessionHash);
    // Signed out between the session check and here.
    if (!expiresAt) throw unauthorized();
    const lastEventId = ctx.get('last-event-id') || undefined;
    const body = await hub.open({
      userId: caller.id,
      sessionHash,
      expiresAt,
      lastEventId,
    });
    // Never compressed or buffered: a compressor or a buffering proxy would hold events back.
    ctx.compress = false;
    ctx.set('Cache-Control', 'no-cache, no-transform');
    ctx.set('X-Accel-Buffering', 'no');
    ctx.req.socket.setNoDelay(true);
    ctx.req.socket.setTimeout(0);
    return { status: 200, body: body as never };
  },
} satisfies HandlersFor<typeof liveRoutes>;
