// The auth hook point: resolvers plugged in by modules say who is calling before any route runs.
import type { Middleware } from 'koa';
import type { AppContextExtras, AppState, PrincipalResolver } from './context.ts';

/** Combines resolvers; the first to name a user (or token user) wins. */
export function composePrincipalResolvers(resolvers: readonly PrincipalResolver[]): PrincipalResolver {
  return async (ctx) => {
    const found: Pick<AppState, 'user' | 'tokenUser'> = {};
    for (const resolve of resolvers) {
      const result = await resolve(ctx);
      found.user ??= result?.user;
      found.tokenUser ??= result?.tokenUser;
    }
    return found;
  };
}

/** Sets `ctx.state.user` / `ctx.state.tokenUser` from the resolver; anonymous callers get neither. */
export function resolvePrincipal(resolver: PrincipalResolver): Middleware<AppState, AppContextExtras> {
  return async (ctx, next) => {
    const found = await resolver(ctx);
    if (found?.user) ctx.state.user = found.user;
    if (found?.tokenUser) ctx.state.tokenUser = found.tokenUser;
    await next();
  };
}
