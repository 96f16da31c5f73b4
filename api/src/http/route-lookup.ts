// @koa/router finds a request's routes by testing every route's pattern in turn (the fallback asks again for paths it
// does not route): on a hot read that is more work than the handler's. The outcome depends only on the method, the
// path and the routes, so it is kept per method and path.
import type { MatchResult } from '@koa/router';
import { LRUCache } from 'lru-cache';
import type { AppRouter } from './bind.ts';
import type { AppContextExtras, AppState } from './context.ts';

type Lookup = MatchResult<AppState, AppContextExtras>;

/** Distinct lookups kept; past that the least used go (paths with ids are many, and anyone can send made-up ones). */
const MAX_LOOKUPS = 2048;
/** Longer paths are looked up each time rather than kept. */
const MAX_KEPT_PATH = 256;

/** Makes `router.match` remember its answers; a route registered later starts the memory over. */
export function rememberRouteLookups(router: AppRouter): AppRouter {
  const match = router.match.bind(router);
  const lookups = new LRUCache<string, Lookup>({ max: MAX_LOOKUPS });
  let routes = router.stack.length;
  router.match = (path, method) => {
    if (router.stack.length !== routes) {
      lookups.clear();
      routes = router.stack.length;
    }
    const key = `${method} ${path}`;
    let found = lookups.get(key);
    if (!found) {
      found = match(path, method);
      if (path.length > MAX_KEPT_PATH) return found;
      lookups.set(key, found);
    }
    // The router keeps the lists on the request (`ctx.matched`): each request gets its own.
    return { path: [...found.path], pathAndMethod: [...found.pathAndMethod], route: found.route };
  };
  return router;
}
