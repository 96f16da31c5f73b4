import { describe, expect, it } from 'vitest';
import { nextCheckDelay } from './backoff.ts';

describe('nextCheckDelay', () => {
  it('starts at the minimum, grows by half each time and stops at the maximum', () => {
    expect([0, 1, 2, 3, 4, 10].map((attempts) => nextCheckDelay(attempts, 3000, 10_000))).toEqual([
      3000, 4500, 6750, 10_000, 10_000, 10_000,
    ]);
    expect(nextCheckDelay(-1, 3000, 10_000)).toBe(3000);
  });
});
