// The one place a route's declared role is enforced.
import type { Role } from '@app/contract';
import type { Middleware } from 'koa';
import { forbidden, unauthorized } from '../errors.ts';
import type { AppContextExtras, AppState } from './context.ts';

/** Throws the problem a caller gets for a role, or returns when the state satisfies it. */
export function assertRole(role: Role, state: Pick<AppState, 'user' | 'tokenUser'>): void {
  switch (role) {
    case 'anonymous':
      return;
    case 'user':
      if (!state.user?.isActive) throw unauthorized();
      return;
    case 'admin':
      if (!state.user?.isActive) throw unauthorized();
      if (!state.user.isAdmin) throw forbidden('Admin access required.');
      return;
    case 'token':
      if (!state.tokenUser?.isActive) throw unauthorized('A valid API token is required (Authorization: Bearer ...).');
      return;
  }
}

/** Middleware enforcing a route's role: 401 when not signed in (or inactive), 403 when not allowed. */
export function requireRole(role: Role): Middleware<AppState, AppContextExtras> {
  return async (ctx, next) => {
    assertRole(role, ctx.state);
    await next();
  };
}
