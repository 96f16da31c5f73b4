// The health check's database query, shared: callers arriving together share one, and a query that succeeded less than
// `maxAgeMs` before a caller came answers that caller too, so probes and load balancers hammering /healthz cost at
// most one query per interval. /healthz says the process is alive and reaches its database: a success sent a moment
// ago says that as well as a new one, while a failure is never reused (the next caller asks again), so an outage shows
// within `maxAgeMs`. Readiness (/readyz) keeps asking the database on every call.
import type { Orm } from '../../db/orm.ts';

/** How old a successful probe may be and still answer /healthz: well under any liveness probe's period. */
export const HEALTH_PROBE_MAX_AGE_MS = 1000;

export interface DatabaseProbeOptions {
  /** A success whose query was sent at most this long before a caller came answers it (0: every caller waits). */
  maxAgeMs?: number;
  now?: () => number;
}

export class DatabaseProbe {
  readonly #run: () => Promise<unknown>;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  #running: Promise<void> | undefined;
  #next: Promise<void> | undefined;
  /** When the last query that succeeded was sent. */
  #okSentAt = Number.NEGATIVE_INFINITY;

  constructor(run: () => Promise<unknown>, { maxAgeMs = 0, now = Date.now }: DatabaseProbeOptions = {}) {
    this.#run = run;
    this.#maxAgeMs = maxAgeMs;
    this.#now = now;
  }

  /**
   * Resolves when the database answered a query sent after this call, or within `maxAgeMs` before it; rejects with
   * that query's error.
   */
  check(): Promise<void> {
    if (this.fresh()) {
      // Past half its age, the next query goes out ahead: under steady traffic no caller waits for one (each second
      // every caller of the moment did, a stall of the whole load).
      if (!this.#running && this.#now() - this.#okSentAt > this.#maxAgeMs / 2) this.#start().catch(() => undefined);
      return Promise.resolve();
    }
    if (!this.#running) return this.#start();
    // The query in flight was sent before this caller came: wait for the next one, sent when it ends.
    this.#next ??= this.#running
      .catch(() => undefined)
      .then(() => {
        this.#next = undefined;
        return this.#start();
      });
    return this.#next;
  }

  /** Whether a success answers a caller coming now, without a query (what `check` resolves at once for). */
  fresh(): boolean {
    return this.#maxAgeMs > 0 && this.#now() - this.#okSentAt <= this.#maxAgeMs;
  }

  #start(): Promise<void> {
    const sentAt = this.#now();
    const running = this.#run().then(
      () => {
        this.#okSentAt = Math.max(this.#okSentAt, sentAt);
      },
      (error: unknown) => {
        // A failure newer than the last success: no caller is answered ok before a query succeeds again.
        if (sentAt >= this.#okSentAt) this.#okSentAt = Number.NEGATIVE_INFINITY;
        throw error;
      },
    );
    this.#running = running;
    running
      .finally(() => {
        if (this.#running === running) this.#running = undefined;
      })
      .catch(() => undefined);
    return running;
  }
}

const probes = new WeakMap<Orm, DatabaseProbe>();

/** The probe of one ORM (one per app, as the ORM is). */
export function databaseProbe(orm: Orm): DatabaseProbe {
  let probe = probes.get(orm);
  if (!probe) {
    probe = new DatabaseProbe(() => orm.em.fork().execute('select 1'), { maxAgeMs: HEALTH_PROBE_MAX_AGE_MS });
    probes.set(orm, probe);
  }
  return probe;
}
