// pg-boss polls at most every 0.5 s, and its NOTIFY announces a job when it is sent, not when a deferred one
// (`startAfter`) comes due: such a step would wait up to a poll for its worker. The waker wakes this process's
// workers of a queue the moment a job comes due: for jobs this process sends (it knows their time) and, by a
// look ahead at the queue's due times every second, for jobs sent by other processes or handed back for a retry.

/** Due times closer than this share one wake. */
const BUCKET_MS = 10;

export interface DueWakerOptions {
  /** Wakes the queue's workers in this process (each fetches once). */
  wake: () => void;
  /** The queue's due times (epoch ms) within the next `horizonMs`. */
  dueWithin: (horizonMs: number) => Promise<number[]>;
  /** How often the queue is looked at; the horizon is a little longer, so no due time falls between looks. */
  lookEveryMs?: number;
  onError?: (error: unknown) => void;
}

export class DueWaker {
  readonly #options: DueWakerOptions;
  readonly #timers = new Map<number, NodeJS.Timeout>();
  #look?: NodeJS.Timeout;
  #stopped = false;

  constructor(options: DueWakerOptions) {
    this.#options = options;
  }

  /** Wakes the workers at `time` (epoch ms; now when it has passed). */
  at(time: number): void {
    if (this.#stopped) return;
    const bucket = Math.ceil(time / BUCKET_MS) * BUCKET_MS;
    if (this.#timers.has(bucket)) return;
    const timer = setTimeout(
      () => {
        this.#timers.delete(bucket);
        this.#options.wake();
      },
      Math.max(0, bucket - Date.now()),
    );
    timer.unref();
    this.#timers.set(bucket, timer);
  }

  /** Starts looking ahead at the queue's due times. */
  start(): void {
    const every = this.#options.lookEveryMs ?? 1000;
    const look = async () => {
      try {
        for (const time of await this.#options.dueWithin(every * 2)) this.at(time);
      } catch (error) {
        this.#options.onError?.(error);
      }
      if (!this.#stopped) {
        this.#look = setTimeout(look, every);
        this.#look.unref();
      }
    };
    void look();
  }

  /** The wakes still ahead (tests). */
  get pending(): number {
    return this.#timers.size;
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#look);
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }
}
