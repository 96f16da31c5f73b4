// A write's answer leaves only once this process heard the notifications of what it committed, so the caller's next
// request finds every cache of this process already current (a signed-out cookie refused, a new task listed). The
// notifications reach the other processes' listeners at the same moment.
import type { Middleware } from 'koa';
import type { AppContextExtras, AppState } from '../../http/context.ts';
import { isUnsafeMethod } from '../auth/csrf.ts';

export function heardWrites(): Middleware<AppState, AppContextExtras> {
  return async (ctx, next) => {
    await next();
    if (!isUnsafeMethod(ctx.method) || !ctx.services.live) return;
    try {
      await ctx.services.live.fence();
    } catch (error) {
      // The write is done; without the fence a cache may lag by the notification's way (ms), never longer.
      ctx.services.logger.warn({ err: error }, 'write not confirmed by a notification');
    }
  };
}
