// One EntityManager fork per request, so identity maps never leak between requests.
import { RequestContext } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Middleware } from 'koa';
import type { Orm } from '../db/orm.ts';
import type { AppContextExtras, AppState } from './context.ts';

/** Runs the rest of the chain inside `RequestContext` and exposes the fork as `ctx.state.em`. */
export function requestContext(orm: Orm): Middleware<AppState, AppContextExtras> {
  return (ctx, next) =>
    RequestContext.create(orm.em, () => {
      ctx.state.em = RequestContext.getEntityManager() as SqlEntityManager;
      return next();
    });
}
