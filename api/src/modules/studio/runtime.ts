// Everything the studio needs at run time, built once per process after the server knows its public URL:
// file storage (local folder or S3 bucket), the provider gateway (KIE or sandbox), events, and the background job runner.
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Logger } from 'pino';
import type { StudioConfig } from '../../config.studio.ts';
import type { Config } from '../../config.ts';
import type { Orm } from '../../db/orm.ts';
import { type RateLimiter, RateLimitStore } from '../../http/rate-limit.ts';
import type { FetchImageOptions } from '../../net/fetch-image.ts';
import type { ImageProvider } from '../../providers/image/provider.ts';
import { SandboxImageProvider } from '../../providers/image/sandbox/sandbox-provider.ts';
import { createFileStorage } from '../../storage/create.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { StudioEvents } from './events.ts';
import type { ProviderName } from './image-task.entity.ts';
import { ImageTaskRepository } from './image-task.repository.ts';
import { TaskRunner } from './jobs/runner.ts';
import { resolveCallbackUrl, type TaskWorkDeps, workOnTask } from './jobs/work-on-task.ts';
import { ProviderGateway } from './provider-gateway.ts';
import { type SubmitTaskInput, type SubmittedTask, submitImageTask } from './submit.service.ts';

export interface StudioRuntimeDeps {
  config: Config;
  orm: Orm;
  logger: Logger;
  /** Origin that serves `/files/*` and `/api/kie/callback` (PUBLIC_URL, else the address the server listens on). */
  publicUrl: string;
  /** Test seam: how a KIE provider is built for an account token. */
  kieFor?: (account: { token: string }) => ImageProvider;
  /** Where the upload limit counts (the app's store; a store of its own in memory when omitted). */
  rateLimits?: RateLimitStore;
}

const UPLOAD_WINDOW_MS = 10 * 60 * 1000;
/** When a callback names a task we do not know (yet), look again after these waits. */
const CALLBACK_RETRY_MS = [500, 2000, 5000];

// The server puts the runtime on `ctx.services.studio` once it listens (see server.ts).
declare module '../../http/context.ts' {
  interface AppServices {
    studio?: StudioRuntime;
  }
}

export class StudioRuntime {
  readonly config: StudioConfig;
  readonly storage: FileStorage;
  readonly events: StudioEvents;
  readonly gateway: ProviderGateway;
  readonly runner: TaskRunner;
  readonly uploadLimiter: RateLimiter;
  /** Options for every guarded fetch on a task's behalf (results, sandbox references, the proxy). */
  readonly fetchOptions: FetchImageOptions;
  /** What one task step needs (exposed for the admin tools and tests). */
  readonly work: TaskWorkDeps;
  readonly #isProduction: boolean;
  readonly #orm: Orm;
  readonly #logger: Logger;
  readonly #background = new Set<Promise<void>>();
  readonly #lastCallbackCheck = new Map<string, number>();
  #stopped = false;

  constructor(deps: StudioRuntimeDeps) {
    const { config, orm, logger } = deps;
    this.config = config.studio;
    this.#isProduction = config.isProduction;
    this.#orm = orm;
    this.#logger = logger;
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
    });
    this.gateway = new ProviderGateway({ config: config.studio, isProduction: config.isProduction, sandbox, kieFor: deps.kieFor });
    this.uploadLimiter = (deps.rateLimits ?? new RateLimitStore(undefined)).create({
      name: 'uploads',
      limit: config.studio.uploadsPerWindow,
      windowMs: UPLOAD_WINDOW_MS,
    });
    this.work = {
      orm,
      storage: this.storage,
      gateway: this.gateway,
      config: config.studio,
      events: this.events,
      logger,
      fetchOptions: this.fetchOptions,
      callbackUrl: (em) => resolveCallbackUrl(em, config.publicUrl),
    };
    this.runner = new TaskRunner({
      orm,
      logger,
      work: (id) => workOnTask(this.work, id),
      concurrency: config.studio.jobConcurrency,
      leaseMs: config.studio.jobLeaseMs,
      idleMs: config.studio.jobIdleMs,
    });
  }

  /**
   * Submits a task (see `submitImageTask`: row and charge in one transaction, limits, 402/429/503) with
   * this process's limits, then wakes the runner so the provider gets it at once.
   */
  async submit(em: SqlEntityManager, input: SubmitTaskInput): Promise<SubmittedTask> {
    const submitted = await submitImageTask(em, input, {
      maxTasksInFlight: this.config.maxTasksInFlight,
      taskTimeoutMs: this.config.taskTimeoutMs,
      isProduction: this.#isProduction,
    });
    this.runner.kick();
    return submitted;
  }

  /** Works on one task now, outside the runner (a provider callback); waits for it. */
  checkTask(id: string): Promise<void> {
    return workOnTask(this.work, id);
  }

  /**
   * Works on a task in the background (a provider callback), at most once per task every 2 s so replayed
   * callbacks cannot make us hammer the provider. `stop()` waits for these too.
   */
  checkTaskSoon(id: string): void {
    const now = Date.now();
    if (now - (this.#lastCallbackCheck.get(id) ?? 0) < 2000) return;
    this.#lastCallbackCheck.set(id, now);
    if (this.#lastCallbackCheck.size > 10_000) this.#lastCallbackCheck.clear();
    this.#track(this.checkTask(id));
  }

  /** Keeps a background promise until it settles, so `stop()` can wait for it; errors are logged. */
  #track(work: Promise<void>): void {
    const running = work.catch((error: unknown) => this.#logger.error({ err: error }, 'background studio work failed'));
    this.#background.add(running);
    void running.finally(() => this.#background.delete(running));
  }

  /**
   * A provider said a task ended. The task is looked up by the provider's id and checked in the background;
   * KIE may call back before the submit recorded that id, so a miss is looked up again a few times.
   */
  onProviderCallback(provider: ProviderName, providerTaskId: string): void {
    const attempt = async (left: number[]) => {
      const task = await new ImageTaskRepository(this.#orm.em.fork()).findByProviderTaskId(provider, providerTaskId);
      if (task) {
        if (task.status === 'pending' || task.status === 'generating') this.checkTaskSoon(task.id);
        return;
      }
      const [wait, ...rest] = left;
      if (wait === undefined || this.#stopped) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
      await attempt(rest);
    };
    this.#track(attempt(CALLBACK_RETRY_MS));
  }

  /** Starts the job runner when this process runs jobs (`STUDIO_RUN_JOBS`). */
  start(): void {
    if (this.config.runJobs) this.runner.start();
  }

  /** Stops the runner and waits for work in hand, including callback checks and sandbox renders. */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.#stopped = true;
    await this.runner.stop(timeoutMs);
    await Promise.allSettled([...this.#background]);
    await this.gateway.sandbox.settle();
  }

  /** The ORM this runtime works on (for admin helpers). */
  get orm(): Orm {
    return this.#orm;
  }
}

/** Builds the runtime; call `start()` to run background jobs and `stop()` before closing the ORM. */
export function createStudioRuntime(deps: StudioRuntimeDeps): StudioRuntime {
  return new StudioRuntime(deps);
}
