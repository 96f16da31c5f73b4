import { describe, expect, it } from 'vitest';
import { nextLookDelay, observedProviderMs } from './look-schedule.ts';

const TODAY = { minMs: 3000, maxMs: 10_000 };

/** The looks a task of `providerMs` gets: elapsed times (ms since submission) until one sees it done. */
function looks(providerMs: number, expectedMs: number | undefined, firstAt = 100): number[] {
  const seen: number[] = [];
  let elapsed = firstAt;
  for (let attempts = 0; seen.length < 50; attempts += 1) {
    elapsed += nextLookDelay({ elapsedMs: elapsed, expectedMs, attempts, ...TODAY });
    seen.push(elapsed);
    if (elapsed >= providerMs) return seen;
  }
  return seen;
}

describe('the status schedule', () => {
  it('without history keeps the backoff: first look after 3 s, growing to 10 s', () => {
    expect(looks(20_000, undefined)).toEqual([3000, 7500, 14_250, 24_250]);
  });

  it('with history looks around the usual time: at most three looks, the image seen within 0.2 s of being ready', () => {
    for (const providerMs of [4000, 20_000]) {
      for (const error of [-150, -50, 0, 50, 150]) {
        const seen = looks(providerMs, providerMs + error);
        expect(seen.length).toBeLessThanOrEqual(3);
        expect((seen.at(-1) ?? 0) - providerMs).toBeLessThanOrEqual(200);
      }
    }
  });

  it('never makes more status calls for a 20 s task than the backoff did', () => {
    const backoff = looks(20_000, undefined).length;
    // What the schedule learned may be off by a few per cent either way.
    for (const expected of [19_000, 19_800, 20_000, 20_300, 21_000, 25_000]) {
      expect(looks(20_000, expected).length).toBeLessThanOrEqual(backoff);
    }
  });

  it('a task slower than usual is looked at more sparsely the later it runs, never beyond the maximum', () => {
    expect(nextLookDelay({ elapsedMs: 4500, expectedMs: 4000, attempts: 5, ...TODAY })).toBe(1000);
    expect(nextLookDelay({ elapsedMs: 9000, expectedMs: 4000, attempts: 6, ...TODAY })).toBe(5000);
    expect(nextLookDelay({ elapsedMs: 60_000, expectedMs: 4000, attempts: 9, ...TODAY })).toBe(10_000);
  });

  it('learns the provider time halfway between the last look that saw it running and the one that saw it done', () => {
    expect(observedProviderMs(1000, 5200, 5000)).toBe(4100);
    // No earlier look (or one from before submission): the look that saw it done.
    expect(observedProviderMs(1000, 5200, undefined)).toBe(4200);
    expect(observedProviderMs(1000, 5200, 500)).toBe(4200);
  });

  it('prefers when the provider says the result was ready, kept between the looks that saw it running and done', () => {
    // Looks at 3 s (running) and 7.5 s (done) after submission; the provider was ready at 4.05 s.
    expect(observedProviderMs(1000, 8500, 4000, 5050)).toBe(4050);
    // The first look saw it done: anything from submission on.
    expect(observedProviderMs(1000, 8500, undefined, 5050)).toBe(4050);
    // A clock that disagrees with the looks is not believed beyond them.
    expect(observedProviderMs(1000, 8500, 4000, 3000)).toBe(3000);
    expect(observedProviderMs(1000, 8500, 4000, 9999)).toBe(7500);
  });
});
