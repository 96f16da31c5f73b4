// The auth hook point: resolvers plugged in by modules say who is calling before any route runs.
import type { Middleware } from 'koa';
import type { AppContext, AppContextExtras, AppState, PrincipalResolver } from './context.ts';

type Found = Pick<AppState, 'user' | 'tokenUser'>;

/** Combines resolvers; the first to name a user (or token user) wins. Stays synchronous until a resolver is not. */
export function composePrincipalResolvers(resolvers: readonly PrincipalResolver[]): PrincipalResolver {
  const from = (ctx: AppContext, start: number, found: Found): Found | Promise<Found> => {
    for (let i = start; i < resolvers.length; i++) {
      const result = resolvers[i]?.(ctx);
      if (result instanceof Promise) return result.then((awaited) => from(ctx, i + 1, merge(found, awaited)));
      merge(found, result);
    }
    return found;
  };
  return (ctx) => from(ctx, 0, {});
}

function merge(found: Found, result: Found | undefined): Found {
  found.user ??= result?.user;
  found.tokenUser ??= result?.tokenUser;
  return found;
}

/** Sets `ctx.state.user` / `ctx.state.tokenUser` from the resolver; anonymous callers get neither. */
export function resolvePrincipal(resolver: PrincipalResolver): Middleware<AppState, AppContextExtras> {
  return (ctx, next) => {
    const found = resolver(ctx);
    if (!(found instanceof Promise)) return admit(ctx, found, next);
    return found.then((awaited) => admit(ctx, awaited, next));
  };
}

function admit(ctx: AppContext, found: Found | undefined, next: () => Promise<unknown>): Promise<unknown> {
  if (found?.user) ctx.state.user = found.user;
  if (found?.tokenUser) ctx.state.tokenUser = found.tokenUser;
  return next();
}
