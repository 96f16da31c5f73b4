// Background jobs on pg-boss, in the database we already have: PostgreSQL through pg-boss's own pool, the
// embedded PGlite through its `fromPglite` adapter. Jobs that must follow a database change are sent inside
// that change's transaction (a transactional outbox), so a crash can never lose one.
import type { SqlEntityManager } from '@mikro-orm/sql';
import { type Db, fromKysely, fromPglite, type Job, PgBoss, type Queue, type SendOptions, type WorkOptions } from 'pg-boss';
import type { Logger } from 'pino';
import { connectTimeoutOf, type Orm } from '../db/orm.ts';
import { DueWaker } from './due-waker.ts';

export interface JobsOptions {
  logger: Logger;
  /** Run workers and schedules in this process (a web-only process just sends). */
  runWorkers: boolean;
  /** Connections of pg-boss's own pool on PostgreSQL. */
  poolSize?: number;
  /** How often this process looks for due schedule occurrences (tests shorten it from 30 s). */
  cronIntervalSeconds?: number;
  /** How often expired jobs are handed back and queues are monitored (tests shorten it from 60 s). */
  superviseIntervalSeconds?: number;
}

/** pg-boss's connection for the ORM's database: its own small pool on PostgreSQL, the shared instance on PGlite. */
async function connectionFor(orm: Orm, poolSize: number): Promise<ConstructorParameters<typeof PgBoss>[0]> {
  const connection: unknown = orm.em.getConnection();
  const { PgliteConnection } = await import('@mikro-orm/pglite');
  if (connection instanceof PgliteConnection) {
    // PGlite has one connection: pg-boss queues behind the ORM's transactions on it.
    return { db: fromPglite(await connection.getNativeClient()), backend: 'pglite' };
  }
  return { connectionString: orm.config.get('clientUrl'), max: poolSize, connectionTimeoutMillis: connectTimeoutOf(orm) };
}

/** The transaction an EntityManager is in, as a pg-boss connection (undefined outside a transaction). */
function transactionOf(em: SqlEntityManager): Db | undefined {
  const trx = em.getTransactionContext();
  return trx ? fromKysely(trx as Parameters<typeof fromKysely>[0]) : undefined;
}

/** A worker's options; `wakeWhenDue` wakes it the moment a deferred job of its queue comes due (see due-waker.ts). */
export type JobWorkOptions = WorkOptions & { wakeWhenDue?: boolean };

/** A job sent inside a transaction exists only once it commits: its wake is tried again a little later. */
const AFTER_COMMIT_MS = [30, 150] as const;

/** A send's `startAfter` as epoch ms (a number is seconds from now, as pg-boss reads it). */
function dueTime(startAfter: SendOptions['startAfter']): number {
  if (startAfter instanceof Date) return startAfter.getTime();
  if (typeof startAfter === 'number') return Date.now() + startAfter * 1000;
  return typeof startAfter === 'string' ? Date.parse(startAfter) || 0 : 0;
}

export class Jobs {
  readonly boss: PgBoss;
  readonly runWorkers: boolean;
  readonly #logger: Logger;
  readonly #wakers = new Map<string, DueWaker>();
  #stopped = false;

  constructor(boss: PgBoss, options: JobsOptions) {
    this.boss = boss;
    this.runWorkers = options.runWorkers;
    this.#logger = options.logger;
    boss.on('error', (error) => this.#logger.error({ err: error }, 'job queue error'));
  }

  /** Creates a queue (idempotent); every process declares the queues it sends to. */
  async define(name: string, options: Omit<Queue, 'name'> = {}): Promise<void> {
    if (!(await this.boss.getQueue(name))) return this.boss.createQueue(name, options);
    // A policy is fixed at creation; the retry and expiry settings follow the code.
    const { policy: _policy, partition: _partition, ...settings } = options;
    await this.boss.updateQueue(name, settings);
  }

  /**
   * Sends a job; inside a transaction of `em` it is written by that transaction and only exists if it
   * commits. Returns the job id, or null when the queue's policy refused a duplicate.
   */
  send(name: string, data: object, options: SendOptions = {}, em?: SqlEntityManager): Promise<string | null> {
    const db = em && transactionOf(em);
    const waker = this.#wakers.get(name);
    const due = dueTime(options.startAfter);
    if (waker) {
      const at = Math.max(Date.now(), due);
      if (db) for (const later of AFTER_COMMIT_MS) waker.at(at + later);
      else waker.at(at);
    }
    // pg-boss announces a job (NOTIFY, on commit) only when it is due by the database's `now()`, which in a
    // transaction is when the transaction began: a start time of "now" by our clock is later, so such a job
    // waited for a poll. A job due now is sent without one and pg-boss dates it itself.
    const { startAfter: _startAfter, ...now } = options;
    const sent = due > Date.now() ? options : now;
    return this.boss.send(name, data, db ? { ...sent, db } : sent);
  }

  /** Wakes this process's workers of a queue now (a job was brought forward here). */
  wake(name: string): void {
    this.#wakers.get(name)?.at(Date.now());
  }

  /** Runs `handler` for each job of a queue, when this process runs workers. A thrown error makes pg-boss retry it. */
  async work<T extends object>(name: string, options: JobWorkOptions, handler: (job: Job<T>) => Promise<void>): Promise<void> {
    if (!this.runWorkers) return;
    // A NOTIFY wakes a worker for a new job, but not for a deferred one (`startAfter`, a retry) coming due,
    // and not for jobs sent from another transaction's connection: keep polling at the queue's own pace.
    const { wakeWhenDue, localConcurrency = 1, ...rest } = options;
    const polling = { notifyPollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
    // One registration per worker, so each can be woken by its id.
    const ids: string[] = [];
    for (let n = 0; n < localConcurrency; n++) {
      let id: string | undefined;
      id = await this.boss.work<T>(name, { ...polling, ...rest, batchSize: 1 }, async ([job]) => {
        if (!job) return;
        // pg-boss waits a whole poll after every fetch, found or not (its burst mode needs a batch, or queue counts
        // refreshed only by its monitor): a backlog drained at one job per poll per worker. A worker that found a
        // job looks for the next at once; the first empty look returns it to polling.
        if (id) this.boss.notifyWorker(id);
        await handler(job);
      });
      ids.push(id);
    }
    if (!wakeWhenDue || this.#wakers.has(name)) return;
    const waker = new DueWaker({
      wake: () => {
        for (const id of ids) this.boss.notifyWorker(id);
      },
      dueWithin: async (horizonMs) => {
        const { rows } = await this.boss.getDb().executeSql(
          `select distinct (extract(epoch from "start_after") * 1000)::float8 as "at" from pgboss.job
            where "name" = $1 and "state" in ('created', 'retry') and "start_after" > now()
              and "start_after" <= now() + $2 * interval '1 millisecond'`,
          [name, horizonMs],
        );
        return (rows as { at: number }[]).map((row) => Number(row.at));
      },
      onError: (error) => this.#logger.warn({ err: error, queue: name }, 'looking ahead at due jobs failed'),
    });
    this.#wakers.set(name, waker);
    waker.start();
  }

  /**
   * A recurring job: one occurrence per cron tick for the whole cluster, whichever process is up
   * (pg-boss's schedule). The work runs on the queue `name`.
   */
  async every(name: string, cron: string, handler: () => Promise<unknown>): Promise<void> {
    await this.define(name, { policy: 'singleton', retryLimit: 0, expireInSeconds: 600 });
    await this.boss.schedule(name, cron);
    await this.work(name, {}, async () => {
      await handler();
    });
  }

  /**
   * Resolves once none of the queues has a job waiting (now or later), in retry or in hand: tests wait for
   * background work this way instead of sleeping. Throws after `timeoutMs`.
   */
  async idle(names: readonly string[], timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await this.boss
        .getDb()
        .executeSql(
          `select count(*)::int as "count" from pgboss.job where name = any($1::text[]) and state in ('created', 'retry', 'active')`,
          [names],
        );
      if (Number((rows[0] as { count: number } | undefined)?.count ?? 0) === 0) return;
      if (Date.now() > until) throw new Error(`jobs still queued on ${names.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Stops fetching; jobs in hand finish (up to `timeoutMs`), the rest are handed back when their time runs out. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    for (const waker of this.#wakers.values()) waker.stop();
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }
}

/** Starts pg-boss on the ORM's database (installing or migrating its schema) and returns the job API. */
export async function openJobs(orm: Orm, options: JobsOptions): Promise<Jobs> {
  const boss = new PgBoss({
    ...(await connectionFor(orm, options.poolSize ?? 4)),
    // Maintenance and cron run only where workers do; a web process just sends.
    supervise: options.runWorkers,
    schedule: options.runWorkers,
    migrate: true,
    // Queues with `notify` wake workers the moment a job is sent (polling stays as the floor; PGlite just polls).
    useListenNotify: true,
    ...(options.superviseIntervalSeconds && {
      superviseIntervalSeconds: options.superviseIntervalSeconds,
      monitorIntervalSeconds: options.superviseIntervalSeconds,
    }),
    ...(options.cronIntervalSeconds && {
      cronMonitorIntervalSeconds: options.cronIntervalSeconds,
      cronWorkerIntervalSeconds: options.cronIntervalSeconds,
    }),
  });
  const jobs = new Jobs(boss, options);
  await boss.start();
  return jobs;
}
