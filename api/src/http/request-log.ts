// One structured log line per request. Never bodies, query strings or headers: they can carry secrets.
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { AppContextExtras, AppState } from './context.ts';

/** Logs method, path, status, duration and request id when the response is done. */
export function requestLog(logger: Logger): Middleware<AppState, AppContextExtras> {
  return async (ctx, next) => {
    const started = performance.now();
    let status: number | undefined;
    try {
      await next();
      status = ctx.status;
    } catch (error) {
      // Only reached if something fails outside the problem handler.
      status = 500;
      throw error;
    } finally {
      const line = { reqId: ctx.state.requestId, method: ctx.method, path: ctx.path, status, ms: Math.round(performance.now() - started) };
      if ((status ?? 500) >= 500) logger.warn(line, 'request');
      else logger.info(line, 'request');
    }
  };
}
