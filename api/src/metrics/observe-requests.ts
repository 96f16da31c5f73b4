// Times every request into `http_request_duration_seconds`, labelled by the route pattern (never the raw path,
// whose ids would make a series per request).
import { httpDuration } from './registry.ts';

/** What the metrics read of a request (Koa's context has it). */
export interface ObservedRequest {
  method: string;
  /** The router's pattern of the route that answered. */
  _matchedRoute?: string | RegExp;
  path: string;
}

function routeOf(ctx: ObservedRequest): string {
  if (typeof ctx._matchedRoute === 'string') return ctx._matchedRoute;
  if (ctx.path.startsWith('/files/')) return 'files';
  if (ctx.path.startsWith('/api/')) return 'unmatched';
  return 'static';
}

/** Records one answered request (called by the request frame, which times it). */
export function observeRequest(ctx: ObservedRequest, status: number, seconds: number): void {
  httpDuration.observe({ method: ctx.method, route: routeOf(ctx), status: String(status) }, seconds);
}
