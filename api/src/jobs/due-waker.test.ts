import { afterEach, describe, expect, it, vi } from 'vitest';
import { DueWaker } from './due-waker.ts';

describe('DueWaker', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('wakes the workers when a job sent here comes due, once for due times close together', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const wake = vi.fn();
    const waker = new DueWaker({ wake, dueWithin: async () => [] });
    waker.at(1_000_301);
    waker.at(1_000_305);
    waker.at(1_000_900);
    expect(waker.pending).toBe(2);
    vi.advanceTimersByTime(309);
    expect(wake).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(wake).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(590);
    expect(wake).toHaveBeenCalledTimes(2);
    expect(waker.pending).toBe(0);
    waker.stop();
  });

  it('looks ahead at due times sent elsewhere, and stops cleanly', async () => {
    vi.useFakeTimers({ now: 2_000_000 });
    const wake = vi.fn();
    const horizons: number[] = [];
    const waker = new DueWaker({
      wake,
      dueWithin: async (horizonMs) => {
        horizons.push(horizonMs);
        return [Date.now() + 500];
      },
      lookEveryMs: 1000,
    });
    waker.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(horizons).toEqual([2000]);
    await vi.advanceTimersByTimeAsync(510);
    expect(wake).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(horizons.length).toBeGreaterThanOrEqual(2);
    waker.stop();
    const calls = wake.mock.calls.length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(wake).toHaveBeenCalledTimes(calls);
  });
});
