// What every request gets, in one layer instead of four: its id, the security headers, and once answered its
// duration metric and its log line. Each separate layer cost a closure, a promise and a frame per request.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { ObservedRequest } from '../metrics/observe-requests.ts';
import type { AppContextExtras, AppState } from './context.ts';
import { REQUEST_ID_HEADER, saneRequestId } from './request-id.ts';
import { HSTS, type SecurityHeaders } from './security-headers.ts';

export interface RequestFrameOptions {
  logger: Logger;
  /** Set on every answer before the chain runs (`securityHeaders`). */
  headers: SecurityHeaders;
  /** Told of each answered request, with its status and duration in seconds (the metrics). */
  observe: (request: ObservedRequest, status: number, seconds: number) => void;
}

/** Outermost: ids, times, logs and hardens every request. Never logs bodies, query strings or headers (secrets). */
export function requestFrame({ logger, headers, observe }: RequestFrameOptions): Middleware<AppState, AppContextExtras> {
  return async (ctx, next) => {
    const started = performance.now();
    const requestId = requestIdOf(ctx.req);
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
      logRequest(logger, ctx.state.requestId, ctx.method, ctx.path, status, ms);
    }
  };
}

/** The caller's sane `X-Request-Id`, else a new one. */
function requestIdOf(req: IncomingMessage): string {
  return saneRequestId(req.headers['x-request-id']) ?? randomUUID();
}

/** The request's log line: a warning for a 5xx, else info. */
function logRequest(logger: Logger, reqId: string, method: string, path: string, status: number, ms: number): void {
  if (status >= 500) logger.warn({ reqId, method, path, status, ms: Math.round(ms) }, 'request');
  else if (logger.isLevelEnabled('info')) logger.info({ reqId, method, path, status, ms: Math.round(ms) }, 'request');
}
