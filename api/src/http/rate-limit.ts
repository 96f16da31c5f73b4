// A small fixed-window rate limiter, kept in this process's memory.
//
// In-memory on purpose: one process is the default deployment, and a restart forgetting the counters
// is harmless. With several API processes each counts on its own, so the effective limit is multiplied
// by the process count; a shared store (PostgreSQL or Redis) would go behind the same interface.
import { tooManyRequests } from '../errors.ts';

export interface RateLimitOptions {
  /** Attempts allowed per key in one window. */
  limit: number;
  /** Window length in milliseconds; a key's window starts with its first attempt. */
  windowMs: number;
  /** Most keys tracked at once; when full, expired windows are swept, then the oldest keys dropped. Default 10 000. */
  maxKeys?: number;
  /** Clock, for tests. */
  now?: () => number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Attempts left in the current window after this one. */
  remaining: number;
  /** When refused: milliseconds until the key's window ends and attempts are allowed again; 0 when allowed. */
  retryAfterMs: number;
  /** Milliseconds until the key's window ends (its budget is whole again). */
  resetMs: number;
}

export interface RateLimiter {
  /** Counts one attempt for `key` and says whether it is within the limit. */
  consume(key: string): RateLimitDecision;
  /** Whether `key` has used up its window, without counting anything (for limits that count only failures). */
  peek(key: string): RateLimitDecision;
  /** Forgets a key (for example after a successful sign-in, if a caller wants that). */
  reset(key: string): void;
  /** How many keys are tracked (for tests and metrics). */
  size(): number;
}

interface Window {
  count: number;
  resetAt: number;
}

/** Creates a fixed-window limiter: at most `limit` attempts per key per `windowMs`. */
export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const { limit, windowMs } = options;
  const maxKeys = options.maxKeys ?? 10_000;
  const now = options.now ?? Date.now;
  if (!(limit >= 1) || !(windowMs > 0)) throw new Error('rate limiter needs limit >= 1 and windowMs > 0');
  const windows = new Map<string, Window>();

  /** Keeps memory bounded under a flood of distinct keys. */
  const makeRoom = (at: number) => {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
    // Still full: drop the oldest insertions (Map iterates in insertion order).
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  };

  return {
    consume(key) {
      const at = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        if (window) windows.delete(key);
        if (windows.size >= maxKeys) makeRoom(at);
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      const allowed = window.count <= limit;
      const resetMs = window.resetAt - at;
      return { allowed, remaining: Math.max(0, limit - window.count), retryAfterMs: allowed ? 0 : resetMs, resetMs };
    },
    peek(key) {
      const at = now();
      const window = windows.get(key);
      if (!window || window.resetAt <= at) return { allowed: true, remaining: limit, retryAfterMs: 0, resetMs: 0 };
      const allowed = window.count < limit;
      const resetMs = window.resetAt - at;
      return { allowed, remaining: Math.max(0, limit - window.count), retryAfterMs: allowed ? 0 : resetMs, resetMs };
    },
    reset(key) {
      windows.delete(key);
    },
    size() {
      return windows.size;
    },
  };
}

/** Counts an attempt and throws the 429 `rate_limited` problem (with `Retry-After`) when over the limit. */
export function enforceRateLimit(limiter: RateLimiter, key: string, detail?: string): RateLimitDecision {
  const decision = limiter.consume(key);
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterMs / 1000, detail);
  return decision;
}

/**
 * The IETF `RateLimit` and `RateLimit-Policy` fields (draft-ietf-httpapi-ratelimit-headers): the policy's
 * quota `q` per window `w` seconds, and what is left `r` with `t` seconds until the window ends.
 */
export function rateLimitHeaders(policy: string, limit: number, windowMs: number, decision: RateLimitDecision): Record<string, string> {
  return {
    'RateLimit-Policy': `"${policy}";q=${limit};w=${Math.ceil(windowMs / 1000)}`,
    RateLimit: `"${policy}";r=${decision.remaining};t=${Math.ceil(decision.resetMs / 1000)}`,
  };
}

/** Throws the 429 problem when `key` has no attempts left, counting nothing. */
export function refuseWhenSpent(limiter: RateLimiter, key: string, detail?: string): void {
  const decision = limiter.peek(key);
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterMs / 1000, detail);
}
