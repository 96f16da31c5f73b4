// Runs the route the router matches, in one layer of the chain. The router stays the registry and the matcher; what
// `router.routes()` redid on every request (the host check, a match over every route's pattern, a chain of fresh
// closures composed anew) is done once per method and path, and what no route takes is answered here as well: 405
// with `Allow` for a known path asked with another method, 404 for an unknown API path. Everything else falls through
// to the UI.
import type { Layer, RouterMiddleware } from '@koa/router';
import compose, { type ComposedMiddleware } from 'koa-compose';
import { LRUCache } from 'lru-cache';
import { methodNotAllowed, notFound } from '../errors.ts';
import { type AppRouter, isApiPath } from './bind.ts';
import type { AppContextExtras, AppState } from './context.ts';

type RouteLayer = Layer<AppState, AppContextExtras>;
type RouteMiddleware = RouterMiddleware<AppState, AppContextExtras>;
type RouteChain = ComposedMiddleware<Parameters<RouteMiddleware>[0]>;

/** What the router says of one method and path. */
type Lookup =
  | { kind: 'route'; run: RouteChain; layers: readonly RouteLayer[]; pattern: string | RegExp }
  | { kind: 'other methods'; allowed: readonly string[] }
  | { kind: 'none' };

/** Distinct lookups kept; past that the least used go (paths with ids are many, and anyone can send made-up ones). */
const MAX_LOOKUPS = 2048;
/** Longer paths are looked up each time rather than kept. */
const MAX_KEPT_PATH = 256;
const NONE: Lookup = { kind: 'none' };

/** The dispatching layer for `router`'s routes; a route registered later starts its memory over. */
export function dispatchRoutes(router: AppRouter): RouterMiddleware<AppState, AppContextExtras> {
  const lookups = new LRUCache<string, Lookup>({ max: MAX_LOOKUPS });
  let routes = router.stack.length;

  const lookUp = (path: string, method: string): Lookup => {
    const match = router.match(path, method);
    if (match.route) {
      const layers = match.pathAndMethod;
      // The route's own pattern (the metrics' label) is the last layer that names methods.
      const pattern = layers.findLast((layer) => layer.methods.length > 0)?.path ?? path;
      // The typings also allow `router.param` handlers in a stack: this app registers none.
      const run = compose(layers.flatMap((layer) => layer.stack as RouteMiddleware[]));
      return { kind: 'route', run, layers, pattern };
    }
    if (match.path.length) return { kind: 'other methods', allowed: [...new Set(match.path.flatMap((layer) => layer.methods))] };
    return NONE;
  };

  return (ctx, next) => {
    if (router.stack.length !== routes) {
      lookups.clear();
      routes = router.stack.length;
    }
    const { path, method } = ctx;
    const key = `${method} ${path}`;
    let found = lookups.get(key);
    if (!found) {
      found = lookUp(path, method);
      if (path.length <= MAX_KEPT_PATH) lookups.set(key, found);
    }
    if (found.kind === 'route') {
      ctx.params = paramsOf(found.layers, path);
      ctx._matchedRoute = found.pattern;
      return found.run(ctx, next);
    }
    if (found.kind === 'other methods') {
      if (method !== 'OPTIONS') throw methodNotAllowed([...found.allowed]);
      ctx.set('Allow', [...found.allowed, 'OPTIONS'].join(', '));
      ctx.status = 204;
      return Promise.resolve();
    }
    if (isApiPath(path)) throw notFound(`No API route ${method} ${path}.`);
    return next();
  };
}

/** The path's parameters, decoded, as the router would set them (later layers' names win). */
function paramsOf(layers: readonly RouteLayer[], path: string): Record<string, string> {
  let params: Record<string, string> = {};
  for (const layer of layers) {
    if (layer.paramNames.length > 0) params = layer.params(path, layer.captures(path), params);
  }
  return params;
}
