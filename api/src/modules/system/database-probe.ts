// The health check's database query, shared: every caller waits for a query that started after it arrived, and
// callers arriving together share one, so probes and load balancers hammering /healthz cost one query at a time.
import type { Orm } from '../../db/orm.ts';

export class DatabaseProbe {
  readonly #run: () => Promise<unknown>;
  #running: Promise<void> | undefined;
  #next: Promise<void> | undefined;

  constructor(run: () => Promise<unknown>) {
    this.#run = run;
  }

  /** Resolves when the database answered a query sent after this call; rejects with that query's error. */
  check(): Promise<void> {
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

  #start(): Promise<void> {
    const running = this.#run().then(() => undefined);
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
    probe = new DatabaseProbe(() => orm.em.fork().execute('select 1'));
    probes.set(orm, probe);
  }
  return probe;
}
