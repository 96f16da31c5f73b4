// JSON request bodies. The raw text stays on `ctx.request.rawBody` for webhook signature checks.

import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';

/** Largest JSON body accepted by default (routes with uploads will set their own limit). */
export const JSON_BODY_LIMIT = '1mb';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Parses JSON bodies of POST/PUT/PATCH; other content types are left unparsed (and fail validation).
 * `largerFor` gives single paths (uploads) their own limit; every other path keeps `limit`.
 */
export function jsonBody(limit: string = JSON_BODY_LIMIT, largerFor: Readonly<Record<string, string>> = {}): Middleware {
  const parser = (jsonLimit: string) =>
    koaBody({
      json: true,
      jsonStrict: true,
      jsonLimit,
      urlencoded: false,
      text: false,
      multipart: false,
      includeUnparsed: true,
      patchNode: false,
    });
  const standard = parser(limit);
  const special = new Map(Object.entries(largerFor).map(([path, pathLimit]) => [path, parser(pathLimit)]));
  // GET, HEAD, OPTIONS and DELETE carry no body we read: they skip the parser's own checks.
  return (ctx, next) => (BODY_METHODS.has(ctx.method) ? (special.get(ctx.path) ?? standard)(ctx, next) : next());
}
