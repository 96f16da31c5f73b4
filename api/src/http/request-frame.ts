// What every request gets, in one layer instead of six: its id, the security headers, problem+json for whatever the
// chain throws, compression of the answer, and once answered its duration metric and its log line. Each separate
// layer cost a closure, a promise and a frame per request.
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { ObservedRequest } from '../metrics/observe-requests.ts';
import { compressAnswer } from './compression.ts';
import type { AppContextExtras, AppState } from './context.ts';
import { answerProblem } from './problem-handler.ts';
import { REQUEST_ID_HEADER, saneRequestId } from './request-id.ts';
import type { Hardening } from './security-headers.ts';

export interface RequestFrameOptions {
  logger: Logger;
  /** Sets the security headers of every answer, and of a page once the answer is one (`securityHeaders`). */
  harden: Hardening;
  /** Told of each answered request, with its status and duration in seconds (the metrics). */
  observe: (request: ObservedRequest, status: number, seconds: number) => void;
}

/** Outermost: ids, hardens, answers problems, compresses, times and logs every request. Never logs bodies, query strings or headers (secrets). */
export function requestFrame({ logger, harden, observe }: RequestFrameOptions): Middleware<AppState, AppContextExtras> {
  return async (ctx, next) => {
    const started = performance.now();
    const requestId = saneRequestId(ctx.req.headers['x-request-id']) ?? randomUUID();
    ctx.state.requestId = requestId;
    ctx.res.setHeader(REQUEST_ID_HEADER, requestId);
    // Every answer may come compressed, problems included. Nothing has set a Vary yet: no need to merge one.
    ctx.res.setHeader('Vary', 'Accept-Encoding');
    // A throw past the problem answer (compressing, a broken stream) means something failed outside it.
    let status = 500;
    try {
      try {
        harden.every(ctx);
        await next();
      } catch (error) {
        answerProblem(ctx, error, logger);
      }
      harden.page(ctx);
      const compressing = compressAnswer(ctx);
      if (compressing) await compressing;
      status = ctx.status;
    } finally {
      const ms = performance.now() - started;
      observe(ctx, status, ms / 1000);
      logRequest(logger, requestId, ctx.method, ctx.path, status, ms);
    }
  };
}

/** The request's log line: a warning for a 5xx, else info. */
function logRequest(logger: Logger, reqId: string, method: string, path: string, status: number, ms: number): void {
  if (status >= 500) logger.warn({ reqId, method, path, status, ms: Math.round(ms) }, 'request');
  else if (logger.isLevelEnabled('info')) logger.info({ reqId, method, path, status, ms: Math.round(ms) }, 'request');
}
