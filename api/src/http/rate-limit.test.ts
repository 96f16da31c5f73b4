import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../errors.ts';
import { createRateLimiter, enforceRateLimit } from './rate-limit.ts';

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('createRateLimiter', () => {
  it('allows `limit` attempts per window, then refuses with the time left', () => {
    const c = clock();
    const limiter = createRateLimiter({ limit: 3, windowMs: 10_000, now: c.now });
    expect([1, 2, 3].map(() => limiter.consume('ip:1').allowed)).toEqual([true, true, true]);
    c.advance(4_000);
    expect(limiter.consume('ip:1')).toEqual({ allowed: false, remaining: 0, retryAfterMs: 6_000, resetMs: 6_000 });
  });

  it('counts keys separately', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000, now: clock().now });
    expect(limiter.consume('a').allowed).toBe(true);
    expect(limiter.consume('b').allowed).toBe(true);
    expect(limiter.consume('a').allowed).toBe(false);
  });

  it('recovers once the window has passed', () => {
    const c = clock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000, now: c.now });
    limiter.consume('k');
    expect(limiter.consume('k').allowed).toBe(false);
    c.advance(999);
    expect(limiter.consume('k').allowed).toBe(false);
    c.advance(1);
    expect(limiter.consume('k')).toEqual({ allowed: true, remaining: 0, retryAfterMs: 0, resetMs: 1_000 });
  });

  it('reset forgets a key', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: clock().now });
    limiter.consume('k');
    limiter.reset('k');
    expect(limiter.consume('k').allowed).toBe(true);
  });

  it('keeps memory bounded: expired windows are swept first, then the oldest keys dropped', () => {
    const c = clock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000, maxKeys: 3, now: c.now });
    limiter.consume('old-1');
    limiter.consume('old-2');
    c.advance(1_000);
    limiter.consume('fresh');
    limiter.consume('new');
    expect(limiter.size()).toBe(2);
    limiter.consume('x');
    limiter.consume('y');
    expect(limiter.size()).toBe(3);
    // 'fresh' was the oldest live key and made room, so it starts over.
    expect(limiter.consume('fresh').allowed).toBe(true);
    expect(limiter.size()).toBe(3);
  });

  it('refuses nonsense options', () => {
    expect(() => createRateLimiter({ limit: 0, windowMs: 1 })).toThrow();
    expect(() => createRateLimiter({ limit: 1, windowMs: 0 })).toThrow();
  });
});

describe('enforceRateLimit', () => {
  it('throws a 429 rate_limited problem with Retry-After in whole seconds, rounded up', () => {
    const c = clock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 2_500, now: c.now });
    enforceRateLimit(limiter, 'k');
    c.advance(100);
    let thrown: unknown;
    try {
      enforceRateLimit(limiter, 'k', 'Slow down.');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpProblem);
    expect(thrown).toMatchObject({
      status: 429,
      code: 'rate_limited',
      detail: 'Slow down.',
      retryable: true,
      headers: { 'Retry-After': '3' },
    });
  });
});
