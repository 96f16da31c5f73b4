// Correlates a request across logs, the problem `instance` and the client: accepted from the caller when sane.
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { AppContextExtras, AppState } from './context.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Ids we accept from callers: short, printable, no spaces, so they are safe in logs and headers. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Uses a sane incoming `X-Request-Id` or generates one, stores it on state and echoes it. */
export function requestId(): Middleware<AppState, AppContextExtras> {
  return async (ctx, next) => {
    const incoming = ctx.get(REQUEST_ID_HEADER);
    ctx.state.requestId = SANE_ID.test(incoming) ? incoming : randomUUID();
    ctx.set(REQUEST_ID_HEADER, ctx.state.requestId);
    await next();
  };
}
