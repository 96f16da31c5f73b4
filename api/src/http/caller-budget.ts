// The generic budget of every contract route: requests per caller per minute, counted in this process's memory so
// the hot path never waits on the database (money, sign-in, upload and automation keep their cluster-wide limits).
import type { RouteDef } from '@app/contract';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../errors.ts';
import type { AppContext } from './context.ts';

/** The policy's name in `RateLimit` / `RateLimit-Policy`. */
const POLICY = 'default';
const WINDOW_SECONDS = 60;

/**
 * Who a request counts against: the API token on a token route (each integration its own budget), else the signed-in
 * user (all of their sessions together), else any valid token, else the client address (`ctx.ip`, the proxy's
 * `X-Forwarded-For` only with `TRUST_PROXY`).
 */
function callerKey(ctx: AppContext, route: Pick<RouteDef, 'role'>): string {
  const { user, tokenUser } = ctx.state;
  const token = tokenUser && `token:${tokenUser.tokenId ?? tokenUser.id}`;
  if (route.role === 'token' && token) return token;
  if (user) return `user:${user.id}`;
  return token ?? `address:${ctx.ip}`;
}

/** Counts a request against its caller's budget, announces what is left, and refuses with 429 once it is spent. */
export type CallerBudget = (ctx: AppContext, route: Pick<RouteDef, 'role'>) => Promise<void>;

/**
 * One app's budget: `perMinute` requests per caller per minute over all routes. It runs on every request, so it
 * talks to the library directly and writes the fields itself: the policy text is made once; this budget is the
 * first item of the fields' Lists (a route's own budget is added after it, `announceRateLimit`).
 */
export function callerBudget(perMinute: number): CallerBudget {
  const limiter = new RateLimiterMemory({ keyPrefix: 'caller-budget', points: perMinute, duration: WINDOW_SECONDS });
  const policy = `"${POLICY}";q=${perMinute};w=${WINDOW_SECONDS}`;
  return async (ctx, route) => {
    let res: RateLimiterRes;
    let allowed = true;
    try {
      res = await limiter.consume(callerKey(ctx, route));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      res = rejection;
      allowed = false;
    }
    // First in the route, before anything is sent: straight onto the response, without Koa's checks and copies.
    ctx.res.setHeader('RateLimit-Policy', policy);
    ctx.res.setHeader('RateLimit', `"${POLICY}";r=${res.remainingPoints};t=${Math.ceil(res.msBeforeNext / 1000)}`);
    if (!allowed) throw tooManyRequests(res.msBeforeNext / 1000, 'Too many requests from this caller. Try again in a minute.');
  };
}
