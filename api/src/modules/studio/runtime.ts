// Everything the studio needs at run time, built once per process (see process.ts):
// file storage (local folder or S3 bucket), the provider gateway (KIE or sandbox), events, and the task jobs on pg-boss.
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Logger } from 'pino';
import type { StudioConfig } from '../../config.studio.ts';
import type { Config } from '../../config.ts';
import type { Orm } from '../../db/orm.ts';
import { type RateLimiter, RateLimitStore } from '../../http/rate-limit.ts';
import type { FetchImageOptions } from '../../images/fetch-image.ts';
import type { Jobs } from '../../jobs/boss.ts';
import type { ImageProvider } from '../../providers/image/provider.ts';
import { SandboxImageProvider } from '../../providers/image/sandbox/sandbox-provider.ts';
import { createFileStorage } from '../../storage/create.ts';
import type { FileStorage, PublicBaseUrl } from '../../storage/storage.ts';
import { SettingsCache } from '../settings/index.ts';
import { StudioEvents } from './events.ts';
import { ExpectedTimes } from './jobs/expected-times.ts';
import { ProviderGateway } from './jobs/provider-gateway.ts';
import { STRANDED_TASKS_SCHEDULE, TaskQueue } from './jobs/task-queue.ts';
import { resolveCallbackUrl, type TaskWorkDeps, workOnTask } from './jobs/work-on-task.ts';
import type { ProviderName } from './tasks/image-task.entity.ts';
import { ImageTaskRepository } from './tasks/image-task.repository.ts';
import { type SubmitTaskInput, type SubmittedTask, submitImageTask } from './tasks/submit.service.ts';
import type { AfterTransition } from './tasks/task-state.ts';

export interface StudioRuntimeDeps {
  config: Config;
  orm: Orm;
  logger: Logger;
  /** pg-boss: task steps are sent here (and worked on where this process runs workers). */
  jobs: Jobs;
  /** Origin that serves `/files/*` (PUBLIC_URL, else the address the server listens on, read once it listens). */
  publicUrl: PublicBaseUrl;
  /** Test seam: how a KIE provider is built for an account token. */
  kieFor?: (account: { token: string }) => ImageProvider;
  /** Where the upload limit counts (the app's store; a store of its own in memory when omitted). */
  rateLimits?: RateLimitStore;
  /** The process's admin settings cache (one of its own, never kept unless watched, when omitted). */
  settings?: SettingsCache;
}

const UPLOAD_WINDOW_MS = 10 * 60 * 1000;

export class StudioRuntime {
  readonly config: StudioConfig;
  readonly storage: FileStorage;
  readonly events: StudioEvents;
  readonly gateway: ProviderGateway;
  /** The task step jobs. */
  readonly tasks: TaskQueue;
  readonly jobs: Jobs;
  readonly uploadLimiter: RateLimiter;
  /** Options for every guarded fetch on a task's behalf (results, sandbox references, the proxy). */
  readonly fetchOptions: FetchImageOptions;
  /** What one task step needs (exposed for the admin tools and tests). */
  readonly work: TaskWorkDeps;
  /** The prices and callback address: the process's settings cache, kept current by its notifications (`watchCaches`). */
  readonly settings: SettingsCache;
  readonly #isProduction: boolean;
  readonly #orm: Orm;
  readonly #afterTransition: AfterTransition[] = [];
  #started?: Promise<void>;

  constructor(deps: StudioRuntimeDeps) {
    const { config, orm, logger } = deps;
    this.config = config.studio;
    this.#isProduction = config.isProduction;
    this.#orm = orm;
    this.jobs = deps.jobs;
    this.settings = deps.settings ?? new SettingsCache();
    this.tasks = new TaskQueue(deps.jobs, { logger, concurrency: config.studio.jobConcurrency });
    if (config.isProduction && config.studio.allowPrivateFetchFor?.length) {
      throw new Error('allowPrivateFetchFor is a test-only setting and is refused in production');
    }
    this.fetchOptions = config.studio.allowPrivateFetchFor?.length ? { allowPrivateFor: config.studio.allowPrivateFetchFor } : {};
    this.storage = createFileStorage({ storage: config.storage, filesDir: config.studio.filesDir, publicBaseUrl: deps.publicUrl });
    this.events = new StudioEvents((error) => logger.error({ err: error }, 'a studio event listener failed'));
    const sandbox = new SandboxImageProvider({
      storage: this.storage,
      delayMs: config.studio.sandboxDelayMs,
      fetchImageOptions: this.fetchOptions,
      callbackHmacKey: config.studio.kie.webhookHmacKey,
    });
    const ownOrigin = () => (typeof deps.publicUrl === 'function' ? deps.publicUrl() : deps.publicUrl);
    this.gateway = new ProviderGateway({
      config: config.studio,
      isProduction: config.isProduction,
      sandbox,
      kieFor: deps.kieFor,
      // The sandbox runs in this process, so our own address (PUBLIC_URL, else where we listen) reaches the route.
      sandboxCallbackUrl: async (em) => resolveCallbackUrl((await this.settings.read(em)).callbackUrl, ownOrigin()),
    });
    const rateLimits = deps.rateLimits ?? new RateLimitStore(undefined);
    this.uploadLimiter = rateLimits.create({ name: 'uploads', limit: config.studio.uploadsPerWindow, windowMs: UPLOAD_WINDOW_MS });
    const statusBudget = rateLimits.create({ name: 'kie-status', limit: config.studio.kieStatusCallsPer10s, windowMs: 10_000 });
    this.work = {
      orm,
      storage: this.storage,
      gateway: this.gateway,
      config: config.studio,
      events: this.events,
      logger,
      fetchOptions: this.fetchOptions,
      callbackUrl: async (em) => resolveCallbackUrl((await this.settings.read(em)).callbackUrl, config.publicUrl),
      steps: this.tasks,
      expected: new ExpectedTimes(),
      statusBudget,
      afterTransition: async (tx, transition) => {
        for (const hook of this.#afterTransition) await hook(tx, transition);
      },
    };
  }

  /**
   * Adds work to every task transition, inside its transaction (automation callbacks, operator alerts send
   * their jobs there). Register before `start()`.
   */
  onTransition(hook: AfterTransition): void {
    this.#afterTransition.push(hook);
  }

  /**
   * Submits a task (see `submitImageTask`: row and charge in one transaction, limits, 402/429/503) with
   * this process's limits; its first step job is sent in that transaction.
   */
  async submit(em: SqlEntityManager, input: SubmitTaskInput): Promise<SubmittedTask> {
    await this.tasks.define();
    return submitImageTask(
      em,
      input,
      {
        maxTasksInFlight: this.config.maxTasksInFlight,
        maxWaitingTasks: this.config.maxWaitingTasks,
        taskTimeoutMs: this.config.taskTimeoutMs,
        isProduction: this.#isProduction,
      },
      {
        enqueue: (tx, task) => this.tasks.next(tx, task.id, 0),
        prices: (em) => this.settings.read(em),
      },
    );
  }

  /** Works on one task now, in this process (admin tools and tests); waits for it. */
  checkTask(id: string): Promise<void> {
    return workOnTask(this.work, id);
  }

  /** A provider said a task ended: its step runs at once (de-duplicated per task by the queue's policy). */
  async onProviderCallback(provider: ProviderName, providerTaskId: string): Promise<void> {
    // Known now (the usual case): its step is brought forward here; else a job looks it up again a little later.
    const task = await new ImageTaskRepository(this.#orm.em.fork()).findByProviderTaskId(provider, providerTaskId);
    if (!task) return this.tasks.providerCallback(provider, providerTaskId);
    if (task.status === 'pending' || task.status === 'generating') await this.tasks.wake(task.id);
  }

  /**
   * Declares the task queues and, where this process runs workers, works on task steps and re-sends a step
   * every minute for in-flight tasks left without one. Idempotent.
   */
  start(): Promise<void> {
    this.#started ??= (async () => {
      await this.tasks.work({
        step: (id, carry) => workOnTask(this.work, id, carry),
        find: () => new ImageTaskRepository(this.#orm.em.fork()),
      });
      await this.jobs.every(STRANDED_TASKS_SCHEDULE, '* * * * *', () => this.tasks.resendStranded(this.#orm.em.fork()));
    })();
    return this.#started;
  }

  /** Waits for sandbox renders in hand (pg-boss, stopped by its owner, lets the steps in hand finish). */
  async stop(): Promise<void> {
    this.gateway.sandbox.close();
    await this.gateway.sandbox.settle();
  }

  /** The ORM this runtime works on (for admin helpers). */
  get orm(): Orm {
    return this.#orm;
  }
}

/** Builds the runtime; call `start()` to declare (and work on) its jobs and `stop()` before closing the ORM. */
export function createStudioRuntime(deps: StudioRuntimeDeps): StudioRuntime {
  return new StudioRuntime(deps);
}
