// The background job runner: claims due tasks under a lease and works on a few at once. Any number of
// runners (processes) may share one database. `stop()` lets the work in hand finish and gives leases back.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Orm } from '../../../db/orm.ts';
import { claimDueTasks, releaseLease } from './claim.ts';

export interface TaskRunnerOptions {
  orm: Orm;
  logger: Logger;
  /** Works on one claimed task (one step); should not throw. */
  work: (id: string) => Promise<void>;
  concurrency: number;
  leaseMs: number;
  /** Wait between looks when nothing is due (a `kick()` cuts it short). */
  idleMs: number;
  /** Name written into `lease_owner`; default `<host>:<pid>:<random>`. */
  owner?: string;
}

export class TaskRunner {
  readonly owner: string;
  readonly #options: TaskRunnerOptions;
  readonly #active = new Map<string, Promise<void>>();
  #running = false;
  #loop?: Promise<void>;
  #wake?: () => void;
  /** A kick that came while the loop was busy: the next idle wait is skipped. */
  #kicked = false;

  constructor(options: TaskRunnerOptions) {
    this.#options = options;
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  }

  get running(): boolean {
    return this.#running;
  }

  /** Tasks being worked on right now. */
  get activeCount(): number {
    return this.#active.size;
  }

  /** Starts the loop (idempotent). */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  /** Looks for due work now instead of after the idle wait (called after a submit or a callback). */
  kick(): void {
    this.#kicked = true;
    this.#wake?.();
  }

  /**
   * Claims one batch, works on it and waits for it (tests and one-off use; the loop does the same forever).
   * Returns how many tasks were claimed.
   */
  async runOnce(): Promise<number> {
    const ids = await this.#claim(this.#options.concurrency);
    await Promise.all(ids.map((id) => this.#track(id)));
    return ids.length;
  }

  /**
   * Stops claiming, lets the tasks in hand finish their current step (up to `timeoutMs`) and returns.
   * Work cut off by the timeout keeps its lease, which expires, so another runner picks it up.
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.#running && this.#active.size === 0) return;
    this.#running = false;
    this.#wake?.();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([Promise.allSettled([this.#loop, ...this.#active.values()]), timeout]);
    clearTimeout(timer);
  }

  async #claim(limit: number): Promise<string[]> {
    if (limit <= 0) return [];
    return claimDueTasks(this.#options.orm.em.fork(), this.owner, this.#options.leaseMs, limit);
  }

  #track(id: string): Promise<void> {
    const done = (async () => {
      try {
        await this.#options.work(id);
      } catch (error) {
        this.#options.logger.error({ err: error, id }, 'task work failed');
      } finally {
        await releaseLease(this.#options.orm.em.fork(), id, this.owner).catch((error: unknown) =>
          this.#options.logger.warn({ err: error, id }, 'could not release a task lease'),
        );
        this.#active.delete(id);
        // A slot is free: look for more work at once.
        this.kick();
      }
    })();
    this.#active.set(id, done);
    return done;
  }

  async #run(): Promise<void> {
    while (this.#running) {
      let claimed = 0;
      try {
        const ids = await this.#claim(this.#options.concurrency - this.#active.size);
        claimed = ids.length;
        for (const id of ids) void this.#track(id);
      } catch (error) {
        if (this.#running) this.#options.logger.error({ err: error }, 'job runner could not claim tasks');
      }
      if (!this.#running) break;
      // Full or nothing due: wait for a kick (submit, callback, a finished task) or the idle interval.
      if (claimed === 0 || this.#active.size >= this.#options.concurrency) await this.#idle();
    }
  }

  #idle(): Promise<void> {
    if (this.#kicked) {
      this.#kicked = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(finish, this.#options.idleMs);
      function finish() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = () => {
        this.#wake = undefined;
        this.#kicked = false;
        finish();
      };
    });
  }
}
