// Limits how many expensive jobs run at once, with a bounded wait line instead of an unbounded one.

/** Thrown by `run` when every slot is busy and the wait line is full. */
export class SemaphoreFullError extends Error {
  override name = 'SemaphoreFullError';
}

export interface BoundedSemaphore {
  /** Runs `job` when a slot is free; rejects with `SemaphoreFullError` at once if the line is full. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running now. */
  readonly active: number;
  /** Jobs waiting for a slot. */
  readonly waiting: number;
}

/** At most `concurrency` jobs at a time and at most `maxWaiting` queued behind them. */
export function createBoundedSemaphore(concurrency: number, maxWaiting: number): BoundedSemaphore {
  if (!(concurrency >= 1) || !(maxWaiting >= 0)) throw new Error('semaphore needs concurrency >= 1 and maxWaiting >= 0');
  let active = 0;
  const queue: Array<() => void> = [];

  const release = () => {
    const next = queue.shift();
    if (next) next();
    else active -= 1;
  };

  return {
    async run(job) {
      if (active >= concurrency) {
        if (queue.length >= maxWaiting) throw new SemaphoreFullError('Too many jobs are waiting.');
        // The slot is handed over by `release`, so `active` stays the same.
        await new Promise<void>((resolve) => queue.push(resolve));
      } else {
        active += 1;
      }
      try {
        return await job();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
