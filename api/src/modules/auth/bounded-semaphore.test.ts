import { describe, expect, it } from 'vitest';
import { createBoundedSemaphore, SemaphoreFullError } from './bounded-semaphore.ts';

/** A job that finishes only when told to. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, job: async () => opened };
}

describe('createBoundedSemaphore', () => {
  it('runs at most `concurrency` jobs, queues up to `maxWaiting`, refuses beyond', async () => {
    const semaphore = createBoundedSemaphore(2, 1);
    const gates = [gate(), gate(), gate()];
    const running = gates.map((g) => semaphore.run(g.job));
    expect(semaphore.active).toBe(2);
    expect(semaphore.waiting).toBe(1);
    await expect(semaphore.run(async () => 'late')).rejects.toBeInstanceOf(SemaphoreFullError);

    gates[0]?.open();
    await running[0];
    // The waiting job took the freed slot.
    expect(semaphore.active).toBe(2);
    expect(semaphore.waiting).toBe(0);
    gates[1]?.open();
    gates[2]?.open();
    await Promise.all(running);
    expect(semaphore.active).toBe(0);
    expect(await semaphore.run(async () => 'again')).toBe('again');
  });

  it('frees the slot when a job fails', async () => {
    const semaphore = createBoundedSemaphore(1, 0);
    await expect(
      semaphore.run(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(semaphore.active).toBe(0);
    expect(await semaphore.run(async () => 1)).toBe(1);
  });

  it('never runs more than `concurrency` at once under load', async () => {
    const semaphore = createBoundedSemaphore(3, 100);
    let now = 0;
    let peak = 0;
    const job = async () => {
      now += 1;
      peak = Math.max(peak, now);
      await new Promise((resolve) => setTimeout(resolve, 1));
      now -= 1;
    };
    await Promise.all(Array.from({ length: 50 }, () => semaphore.run(job)));
    expect(peak).toBe(3);
  });
});
