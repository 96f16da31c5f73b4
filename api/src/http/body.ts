// JSON request bodies. The raw text stays on `ctx.request.rawBody` for webhook signature checks.

import { LIMITS } from '@app/contract';
import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { badRequest } from '../errors.ts';

/** Largest JSON body accepted by default (routes with uploads will set their own limit). */
export const JSON_BODY_LIMIT = '1mb';

/**
 * Deepest nesting of arrays and objects a JSON body may have (`{"a":[1]}` is 2). Ours need 3, the providers'
 * webhooks fewer than 10; deeper bodies are refused before anything walks them (validation, logging, hashing).
 */
export const JSON_BODY_MAX_DEPTH = LIMITS.jsonBodyDepth;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** Whether `value` nests arrays and objects deeper than `max`; iterative, so any depth is measured safely. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * Parses JSON bodies of POST/PUT/PATCH; other content types are left unparsed (and fail validation).
 * `largerFor` gives single paths (uploads) their own limit; every other path keeps `limit`.
 * A body nested deeper than `JSON_BODY_MAX_DEPTH` is a 400 before the next middleware runs, except on `anyDepth` paths
 * (MCP's JSON-RPC wraps tool arguments three levels down; its tools' schemas check them).
 */
export function jsonBody(
  limit: string = JSON_BODY_LIMIT,
  largerFor: Readonly<Record<string, string>> = {},
  anyDepth: readonly string[] = [],
): Middleware {
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
  const checked: Middleware = (ctx, next) => {
    if (!anyDepth.includes(ctx.path) && nestedDeeperThan(ctx.request.body, JSON_BODY_MAX_DEPTH)) {
      throw badRequest(`The JSON body is nested deeper than ${JSON_BODY_MAX_DEPTH} levels of arrays and objects.`);
    }
    return next();
  };
  // GET, HEAD, OPTIONS and DELETE carry no body we read: they skip the parser's own checks.
  return (ctx, next) =>
    BODY_METHODS.has(ctx.method) ? (special.get(ctx.path) ?? standard)(ctx, () => checked(ctx, next) as Promise<void>) : next();
}
