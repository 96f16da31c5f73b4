// What every request gets, in one layer instead of four: its id, the security headers, and once answered its
// duration metric and its log line. Each separate layer cost a closure, a promise and a frame per request.
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { AppContext, AppContextExtras, AppState } from './context.ts';
import { REQUEST_ID_HEADER, saneRequestId } from './request-id.ts';
import { HSTS, type SecurityHeaders } from './security-headers.ts';

export interface RequestFrameOptions {
  logger: Logger;
  /** Set on every answer before the chain runs (`securityHeaders`). */
  headers: SecurityHeaders;
  /** Told of each answered request, with its status and duration in seconds (the metrics). */
  observe: (ctx: AppContext, status: number, seconds: number) => void;
}

/** Outermost: ids, times, logs and hardens every request. Never logs bodies, query strings or headers (secrets). */
export function requestFrame({ logger, headers, observe }: RequestFrameOptions): Middleware<AppState, AppContextExtras> {
  return async (ctx, next) => {
    const started = performance.now();
    const requestId = saneRequestId(ctx.req.headers['x-request-id']) ?? randomUUID();
    ctx.state.requestId = requestId;
    const res = ctx.res;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    for (const [name, value] of headers) res.setHeader(name, value);
    if (ctx.secure) res.setHeader(HSTS[0], HSTS[1]);
    // A throw here means something failed outside the problem handler.
    let status = 500;
    try {
      await next();
      status = ctx.status;
    } finally {
      const ms = performance.now() - started;
      observe(ctx, status, ms / 1000);
      if (status >= 500) logger.warn(logLine(ctx, status, ms), 'request');
      else if (logger.isLevelEnabled('info')) logger.info(logLine(ctx, status, ms), 'request');
    }
  };
}

function logLine(ctx: AppContext, status: number, ms: number) {
  return { reqId: ctx.state.requestId, method: ctx.method, path: ctx.path, status, ms: Math.round(ms) };
}
