// A task's provider work as pg-boss jobs. Each step (submit, or one status check) is a job `{ id }` on one
// queue; a step that leaves the task running sends the next one with `startAfter` (the backoff), inside the
// same transaction as its change. The `stately` policy keyed by task id keeps at most one step queued and one
// running per task, so replayed callbacks cannot pile up work and two workers never work on one task.
// A job whose worker died is handed back when it expires (pg-boss), and a schedule re-sends a step for any
// in-flight task left without one (after an upgrade, or a job lost to a bug).
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Logger } from 'pino';
import type { Jobs } from '../../../jobs/boss.ts';
import type { ProviderName } from '../tasks/image-task.entity.ts';
import { ImageTaskRepository } from '../tasks/image-task.repository.ts';

export const TASK_STEP_QUEUE = 'studio-task-step';
export const PROVIDER_CALLBACK_QUEUE = 'studio-provider-callback';
export const STRANDED_TASKS_SCHEDULE = 'sweep-stranded-tasks';

/** A step's worker may take this long (a submit, a download of the result) before pg-boss hands the job back. */
const STEP_EXPIRE_SECONDS = 120;
/** A callback naming a task we do not know yet (KIE may call before the submit recorded its id) is looked up again. */
const CALLBACK_RETRIES = { retryLimit: 3, retryDelay: 1, retryBackoff: true } as const;

export interface TaskQueueOptions {
  logger: Logger;
  /** Steps one process works on at once. */
  concurrency: number;
}

/** What a step hands the next one, in its job's data (so it outlives any process). */
export interface StepCarry {
  /** When a look last saw the task still running (epoch ms): the lower bound of the provider's time. */
  lookedAt?: number;
  /** The provider's finished images, kept while our file store is away: the next step only copies them. */
  resultUrls?: string[];
  /** When a look saw the task finished (epoch ms), for the provider's time once the copy is done. */
  doneAt?: number;
  /** When the provider accepted the task (epoch ms): with the time it says it ran, when the result was ready. */
  submittedAt?: number;
}
interface StepData extends StepCarry {
  id: string;
}

/** The carry of a job's data, whatever an older version of the code wrote there. */
function carriedBy(data: StepData): StepCarry {
  const carry: StepCarry = {};
  if (typeof data.lookedAt === 'number') carry.lookedAt = data.lookedAt;
  if (typeof data.doneAt === 'number') carry.doneAt = data.doneAt;
  if (typeof data.submittedAt === 'number') carry.submittedAt = data.submittedAt;
  if (Array.isArray(data.resultUrls) && data.resultUrls.every((url) => typeof url === 'string')) carry.resultUrls = data.resultUrls;
  return carry;
}
interface CallbackData {
  provider: ProviderName;
  providerTaskId: string;
}

export class TaskQueue {
  readonly #jobs: Jobs;
  readonly #options: TaskQueueOptions;
  #defined?: Promise<void>;

  constructor(jobs: Jobs, options: TaskQueueOptions) {
    this.#jobs = jobs;
    this.#options = options;
  }

  /** Creates the queues (idempotent; every process that sends declares them). */
  define(): Promise<void> {
    this.#defined ??= (async () => {
      await this.#jobs.define(TASK_STEP_QUEUE, {
        policy: 'stately',
        notify: true,
        expireInSeconds: STEP_EXPIRE_SECONDS,
        // An unexpected error (not the provider's) is tried again a few times; the time limit ends the task anyway.
        retryLimit: 5,
        retryDelay: 2,
        retryBackoff: true,
      });
      await this.#jobs.define(PROVIDER_CALLBACK_QUEUE, { notify: true, expireInSeconds: 60, ...CALLBACK_RETRIES });
    })();
    return this.#defined;
  }

  /**
   * The task's next step in `delayMs`, written by `em`'s transaction when it is in one. A step already
   * queued (an earlier callback) is kept: it runs sooner.
   */
  async next(em: SqlEntityManager, id: string, delayMs: number, carry: StepCarry = {}): Promise<void> {
    const data: StepData = { id, ...carry };
    await this.#jobs.send(TASK_STEP_QUEUE, data, { singletonKey: id, startAfter: new Date(Date.now() + Math.max(0, delayMs)) }, em);
  }

  /** A step now: the queued one is brought forward, or one is queued (at most one waits per task). */
  async wake(id: string): Promise<void> {
    await this.#jobs.boss.upsert(TASK_STEP_QUEUE, { id }, { singletonKey: id, startAfter: new Date() });
    // Workers elsewhere hear the queue's NOTIFY; this process's are woken directly (PGlite has no NOTIFY).
    this.#jobs.wake(TASK_STEP_QUEUE);
  }

  /** A provider said a task ended: the task is looked up (and retried by pg-boss while unknown), then woken. */
  async providerCallback(provider: ProviderName, providerTaskId: string): Promise<void> {
    await this.#jobs.send(PROVIDER_CALLBACK_QUEUE, { provider, providerTaskId }, {});
  }

  /** Registers the workers (a no-op in a process that only sends). */
  async work(deps: { step: (id: string, carry: StepCarry) => Promise<void>; find: () => ImageTaskRepository }): Promise<void> {
    await this.define();
    // A step deferred with `startAfter` wakes its worker the moment it comes due (jobs/due-waker.ts); pg-boss's
    // shortest poll (0.5 s) stays as the floor.
    const polling = { pollingIntervalSeconds: 0.5 };
    await this.#jobs.work<StepData>(
      TASK_STEP_QUEUE,
      { ...polling, localConcurrency: this.#options.concurrency, wakeWhenDue: true },
      (job) => deps.step(job.data.id, carriedBy(job.data)),
    );
    await this.#jobs.work<CallbackData>(PROVIDER_CALLBACK_QUEUE, polling, async (job) => {
      const task = await deps.find().findByProviderTaskId(job.data.provider, job.data.providerTaskId);
      // Thrown: pg-boss tries again after its retry delay, then gives up (a callback for a task not ours).
      if (!task) throw new Error(`no task for ${job.data.provider} task ${job.data.providerTaskId} (yet)`);
      if (task.status === 'pending' || task.status === 'generating') await this.wake(task.id);
    });
  }

  /**
   * Sends a step for every in-flight task that has none queued or running. Returns how many. A task younger
   * than a minute is left alone: its first step was sent with it.
   */
  async resendStranded(em: SqlEntityManager): Promise<number> {
    const rows = await new ImageTaskRepository(em).findWithoutLiveJob(TASK_STEP_QUEUE);
    for (const { id } of rows) await this.next(em, id, 0);
    if (rows.length) this.#options.logger.warn({ tasks: rows.length }, 'in-flight tasks without a step job were sent one');
    return rows.length;
  }
}
