// The per-token budget of every bearer-token surface (automation API, OpenAI-compatible API, MCP): one budget per token.
import type { AppContext } from '../../http/context.ts';
import { announceRateLimit, enforceRateLimit, type RateLimiter } from '../../http/rate-limit.ts';
import type { TokenOwner } from '../../http/roles.ts';

const limiters = new WeakMap<AppContext['services'], RateLimiter>();

const AUTOMATION_WINDOW_MS = 60_000;

/**
 * Counts the request against its token (not its user: each integration has its own budget) and announces
 * the budget in the IETF `RateLimit` / `RateLimit-Policy` fields next to the per-caller one, on 429 too.
 */
export async function limitPerToken(ctx: AppContext, caller: TokenOwner): Promise<void> {
  const { config } = ctx.services;
  let limiter = limiters.get(ctx.services);
  if (!limiter) {
    limiter = ctx.services.rateLimits.create({
      name: 'automation-token',
      limit: config.automationRatePerMinute,
      windowMs: AUTOMATION_WINDOW_MS,
    });
    limiters.set(ctx.services, limiter);
  }
  // The verified token, not the header text: `bearer`, `BEARER`, extra spaces or a tab name the same token.
  await enforceRateLimit(
    limiter,
    caller.tokenId ?? caller.id,
    'Too many automation requests for this token. Try again in a minute.',
    (decision) => announceRateLimit(ctx.response, 'per-token', config.automationRatePerMinute, AUTOMATION_WINDOW_MS, decision),
  );
}
