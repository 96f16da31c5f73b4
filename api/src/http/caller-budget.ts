// The generic budget of every contract route: requests per caller per minute, counted in this process's memory so
// the hot path never waits on the database (money, sign-in, upload and automation keep their cluster-wide limits).
import type { RouteDef } from '@app/contract';
import type { AppContext } from './context.ts';
import { announceRateLimit, enforceRateLimit, processRateLimiter } from './rate-limit.ts';

/** The policy's name in `RateLimit` / `RateLimit-Policy`. */
export const CALLER_BUDGET_POLICY = 'default';
const WINDOW_MS = 60_000;

/**
 * Who a request counts against: the API token on a token route (each integration its own budget), else the signed-in
 * user (all of their sessions together), else any valid token, else the client address (`ctx.ip`, the proxy's
 * `X-Forwarded-For` only with `TRUST_PROXY`).
 */
function callerKey(ctx: AppContext, route: RouteDef): string {
  const { user, tokenUser } = ctx.state;
  const token = tokenUser && `token:${tokenUser.tokenId ?? tokenUser.id}`;
  if (route.role === 'token' && token) return token;
  if (user) return `user:${user.id}`;
  return token ?? `address:${ctx.ip}`;
}

/** Counts a request against its caller's budget, announces what is left, and refuses with 429 once it is spent. */
export type CallerBudget = (ctx: AppContext, route: RouteDef) => Promise<void>;

/** One app's budget: `perMinute` requests per caller per minute over all routes. */
export function callerBudget(perMinute: number): CallerBudget {
  const limiter = processRateLimiter({ name: 'caller-budget', limit: perMinute, windowMs: WINDOW_MS });
  return async (ctx, route) => {
    await enforceRateLimit(limiter, callerKey(ctx, route), 'Too many requests from this caller. Try again in a minute.', (decision) =>
      announceRateLimit(ctx.response, CALLER_BUDGET_POLICY, perMinute, WINDOW_MS, decision),
    );
  };
}
