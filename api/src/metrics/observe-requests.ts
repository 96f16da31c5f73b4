// Times every request into `http_request_duration_seconds`, labelled by the route pattern (never the raw path,
// whose ids would make a series per request).
import type { Middleware } from 'koa';
import { httpDuration } from './registry.ts';

function routeOf(ctx: { _matchedRoute?: string | RegExp; path: string }): string {
  if (typeof ctx._matchedRoute === 'string') return ctx._matchedRoute;
  if (ctx.path.startsWith('/files/')) return 'files';
  if (ctx.path.startsWith('/api/')) return 'unmatched';
  return 'static';
}

export function observeRequests(): Middleware {
  return async (ctx, next) => {
    const end = httpDuration.startTimer();
    try {
      await next();
    } finally {
      end({ method: ctx.method, route: routeOf(ctx), status: String(ctx.status) });
    }
  };
}
