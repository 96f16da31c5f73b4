// A write's answer leaves only once every listening process confirmed it heard the notifications of what the write
// committed (`LiveHub.fence`), so the caller's next request, on any process, finds the caches current: a signed-out
// cookie refused, a lost role refused, a new task listed.
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { ChangeFeed } from '../../db/changes.ts';
import type { AppContextExtras, AppState } from '../../http/context.ts';
import { isUnsafeMethod } from '../auth/index.ts';

async function fence(feed: ChangeFeed, logger: Logger): Promise<void> {
  try {
    await feed.fence();
  } catch (error) {
    // The write is done; without the fence a cache may lag by the notification's way (ms), never longer.
    logger.warn({ err: error }, 'write not confirmed by a notification');
  }
}

export function heardWrites(): Middleware<AppState, AppContextExtras> {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      // Failed writes too: a problem may follow a commit (a rotated session, a refund).
      if (isUnsafeMethod(ctx.method) && ctx.services.live) await fence(ctx.services.live, ctx.services.logger);
    }
  };
}
