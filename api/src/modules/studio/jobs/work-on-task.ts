// One step of a task's life, as a pg-boss step job (task-queue.ts) performs it:
//   pending    -> submit to a provider -> generating (and the first check is sent)
//   generating -> ask the provider -> completed (results stored) | failed (refunded) | look again later
// Every step ends with a guarded transition (../tasks/task-state.ts), so racing paths are harmless; "later" is the
// next step job, sent with its delay in the same transaction.
import { LIMITS } from '@app/contract/constants';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Logger } from 'pino';
import type { StudioConfig } from '../../../config.studio.ts';
import type { Orm } from '../../../db/orm.ts';
import type { RateLimiter } from '../../../http/rate-limit.ts';
import type { FetchImageOptions } from '../../../images/fetch-image.ts';
import { rehostResultImage, type StoreStage } from '../../../images/store.ts';
import { thumbnailKeyFor } from '../../../images/thumbnail.ts';
import { studioStage } from '../../../metrics/registry.ts';
import { KieAccountsBusyError } from '../../../providers/image/kie/accounts.ts';
import { isImageProviderError } from '../../../providers/image/provider.ts';
import type { FileStorage } from '../../../storage/storage.ts';
import { isStorageUnavailable } from '../../../storage/unavailable.ts';
import { KieApiRepository } from '../../kie-accounts/index.ts';
import type { StudioEvents } from '../events.ts';
import { FAILURE_MESSAGES } from '../tasks/failure-messages.ts';
import { ImageTask } from '../tasks/image-task.entity.ts';
import { ImageTaskRepository } from '../tasks/image-task.repository.ts';
import { type AfterTransition, completeTask, type FailureOutcome, failTask, markSubmitted, recordAttempt } from '../tasks/task-state.ts';
import { nextCheckDelay } from './backoff.ts';
import type { ExpectedTimes } from './expected-times.ts';
import { nextLookDelay, observedProviderMs } from './look-schedule.ts';
import type { ProviderGateway } from './provider-gateway.ts';
import type { StepCarry, TaskQueue } from './task-queue.ts';

/** A submit failing with a passing error (rate limit, outage) is tried this often before the task fails. */
export const MAX_RETRIES = 5;

export interface TaskWorkDeps {
  orm: Orm;
  storage: FileStorage;
  gateway: ProviderGateway;
  config: StudioConfig;
  /** KIE account usage for the operator's low-credit alert. */
  events: StudioEvents;
  logger: Logger;
  /** Options for downloading results through the SSRF guard. */
  fetchOptions: FetchImageOptions;
  /** The callback URL sent to KIE, if any (admin setting, else this server's public URL). */
  callbackUrl: (em: SqlEntityManager) => Promise<string | undefined>;
  /** Sends a task's next step job. */
  steps: Pick<TaskQueue, 'next'>;
  /** How long each model and kind of task took lately (the status schedule's guide). */
  expected: ExpectedTimes;
  /** Status calls each KIE account may make per window (its rate limit, shared with submits), keyed by account. */
  statusBudget?: RateLimiter;
  /** Follows every transition in its transaction (callback deliveries, operator alerts: pg-boss jobs that must run). */
  afterTransition: AfterTransition;
}

/** Options of the next look: `countAttempt: false` waits without using up a retry; what to hand the next step. */
interface LookAgain extends StepCarry {
  countAttempt?: boolean;
  /** Wait at least this long (a status budget spent). */
  atLeastMs?: number;
  /** Back off from the shortest wait (`min * 1.5^attempts`) rather than follow the model's usual time. */
  backOff?: boolean;
}

/** Milliseconds until a task's next look: around its model's usual time when known, else the backoff. */
async function lookDelay(deps: TaskWorkDeps, em: SqlEntityManager, task: ImageTask, attempts: number): Promise<number> {
  // A submit tried again (the provider was busy or away) backs off; only a running task has a usual time.
  if (task.status === 'pending' && attempts > 0) return nextCheckDelay(attempts, deps.config.pollMinMs, deps.config.pollMaxMs);
  const expectedMs = await deps.expected.of(em, task.model, task.generationType);
  return nextLookDelay({
    elapsedMs: Date.now() - task.createdAt.getTime(),
    expectedMs,
    attempts,
    minMs: deps.config.pollMinMs,
    maxMs: deps.config.pollMaxMs,
  });
}

/** Counts one more look and sends the next step after the schedule's delay (never after the time limit), in one transaction. */
async function lookAgain(deps: TaskWorkDeps, em: SqlEntityManager, task: ImageTask, options: LookAgain = {}): Promise<void> {
  const { countAttempt = true, atLeastMs = 0, backOff = false, ...carry } = options;
  const attempts = countAttempt ? task.attempts + 1 : task.attempts;
  const { pollMinMs, pollMaxMs } = deps.config;
  const delay = !countAttempt
    ? pollMinMs
    : backOff
      ? nextCheckDelay(attempts, pollMinMs, pollMaxMs)
      : await lookDelay(deps, em, task, attempts);
  const wait = Math.max(delay, atLeastMs);
  await em.transactional(async (tx) => {
    if (await recordAttempt(tx, task.id, attempts)) {
      await deps.steps.next(tx, task.id, Math.min(wait, task.deadlineAt.getTime() - Date.now()), carry);
    }
  });
}

/** The KIE callback address: the admin setting `callbackUrl` (a bare origin gets our path), else `PUBLIC_URL`. */
export function resolveCallbackUrl(setting: string | null | undefined, publicUrl: string | undefined): string | undefined {
  const base = setting?.trim() || publicUrl;
  if (!base || !URL.canParse(base)) return undefined;
  const url = new URL(base);
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/api/kie/callback';
  return url.toString();
}

function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^KIE \d+: /, '').slice(0, 500) || FAILURE_MESSAGES.failed;
}

/**
 * Fails and refunds a task (guarded, exactly once); the transition's hooks (callbacks, the operator's alert) queue
 * their jobs in its transaction. Says whether this call failed the task and how many credits it refunded.
 */
export async function failAndRefund(deps: FailDeps, id: string, message: string): Promise<FailureOutcome> {
  const outcome = await failTask(deps.orm.em.fork(), id, message, deps.afterTransition);
  if (outcome.failed) await dropFilesOfFailedTask(deps, id);
  return outcome;
}

type FailDeps = Pick<TaskWorkDeps, 'orm' | 'afterTransition'> & {
  storage: Pick<FileStorage, 'delete'>;
  logger: Pick<Logger, 'warn'>;
};
const RESULT_EXTENSIONS = ['png', 'jpg', 'webp'] as const;

/**
 * A failed task shows no image, but a worker that died between storing its result and completing it left the
 * files (`results/<taskId>/<n>` and their thumbnails; the thumbnail of a result the sandbox provider keeps in our
 * bucket). They are deleted with the failure, so nothing in the bucket is left unreferenced.
 */
async function dropFilesOfFailedTask(deps: FailDeps, id: string): Promise<void> {
  const [row] = await deps.orm.em
    .fork()
    .getConnection()
    .execute<{ task_id: string; provider: string | null; provider_task_id: string | null }[]>(
      `select "task_id", "provider", "provider_task_id" from "image_tasks" where "id" = ? and "status" = 'failed'`,
      [id],
    );
  if (!row) return;
  const keys: string[] = [];
  for (let index = 0; index < LIMITS.maxResultImages; index++) {
    keys.push(
      `thumbs/results/${row.task_id}/${index}.webp`,
      ...RESULT_EXTENSIONS.map((extension) => `results/${row.task_id}/${index}.${extension}`),
    );
  }
  if (row.provider === 'sandbox' && row.provider_task_id) keys.push(`thumbs/results/${row.provider_task_id}/0.webp`);
  try {
    for (const key of keys) await deps.storage.delete(key);
  } catch (error) {
    deps.logger.warn({ taskId: row.task_id, err: error }, 'files of a failed task not deleted');
  }
}

async function submitStep(deps: TaskWorkDeps, em: SqlEntityManager, task: ImageTask): Promise<void> {
  try {
    const accepted = await deps.gateway.submit(em, task, await deps.callbackUrl(em));
    const submittedAt = Date.now();
    // The account spent its credits whether or not the task is still wanted: book them either way.
    if (accepted.account) {
      const { id, cost } = accepted.account;
      const booked = await new KieApiRepository(em).recordUsage(id, cost);
      // Listeners (the operator's low-credit alert) run after the fact and never block the task.
      if (booked) {
        deps.events.emitProviderUsage({
          accountId: id,
          accountName: booked.name,
          before: booked.totalCredits + cost,
          after: booked.totalCredits,
        });
      }
    }
    await em.transactional(async (tx) => {
      const moved = await markSubmitted(tx, task.id, {
        provider: accepted.provider,
        providerTaskId: accepted.providerTaskId,
        kieApiId: accepted.account?.id ?? null,
      });
      if (!moved) return;
      await deps.steps.next(tx, task.id, await lookDelay(deps, tx, task, 0), { submittedAt });
      await deps.afterTransition(tx, { id: task.id, event: 'started' });
    });
  } catch (error) {
    if (!isImageProviderError(error)) throw error;
    // Every account runs as many tasks as it may: wait for a free place without using up a retry.
    if (error instanceof KieAccountsBusyError) return lookAgain(deps, em, task, { countAttempt: false });
    if (error.retryable && task.attempts + 1 < MAX_RETRIES) {
      deps.logger.warn({ taskId: task.taskId, err: error }, 'submit failed; retrying later');
      return lookAgain(deps, em, task);
    }
    deps.logger.warn({ taskId: task.taskId, err: error }, 'submit failed; failing the task');
    await failAndRefund(deps, task.id, error.kind === 'unavailable' && !error.httpStatus ? FAILURE_MESSAGES.no_provider : errorText(error));
  }
}

/** Feeds the stage histogram (`/metrics`, and the pipeline bench). */
function observeStage(stage: StoreStage | 'provider_status' | 'commit', ms: number): void {
  studioStage.observe({ stage }, ms / 1000);
}

/** Copies a task's result images into our storage (`results/<taskId>/<n>`) with a thumbnail of the first. */
export async function storeResults(
  deps: Pick<TaskWorkDeps, 'storage' | 'fetchOptions'>,
  task: Pick<ImageTask, 'taskId'>,
  urls: string[],
): Promise<{ urls: string[]; thumbnailUrl: string | null }> {
  const stored = [];
  // The provider answers one image; more than the contract's task declares are dropped.
  for (const [index, url] of urls.slice(0, LIMITS.maxResultImages).entries()) {
    stored.push(
      await rehostResultImage({
        storage: deps.storage,
        url,
        taskId: task.taskId,
        index,
        fetchOptions: deps.fetchOptions,
        onStage: observeStage,
      }),
    );
  }
  return { urls: stored.map((image) => image.url), thumbnailUrl: stored[0]?.thumbnailUrl ?? null };
}

/** Takes one status call from the task's KIE account budget; the wait until one is free when it is spent. */
async function statusBudgetWait(deps: TaskWorkDeps, task: ImageTask): Promise<number> {
  const account = task.kieApi?.id;
  if (!deps.statusBudget || task.provider !== 'kie' || !account) return 0;
  const decision = await deps.statusBudget.consume(account);
  return decision.allowed ? 0 : Math.max(100, decision.retryAfterMs);
}

async function checkStep(deps: TaskWorkDeps, em: SqlEntityManager, task: ImageTask, carry: StepCarry): Promise<void> {
  const { lookedAt: lastRunningAt, submittedAt } = carry;
  // The provider finished earlier and our store was away: only the copy is left, the provider is not asked again.
  if (carry.resultUrls) {
    return copyResults(deps, em, task, carry.resultUrls, { doneAt: carry.doneAt ?? Date.now(), lastRunningAt, submittedAt });
  }
  const waitMs = await statusBudgetWait(deps, task);
  // The account's rate limit is spent: this look moves on without asking (and without counting as one).
  if (waitMs) return lookAgain(deps, em, task, { countAttempt: false, atLeastMs: waitMs, lookedAt: lastRunningAt, submittedAt });
  const lookedAt = Date.now();
  let status: Awaited<ReturnType<ProviderGateway['status']>>;
  try {
    status = await deps.gateway.status(em, task);
    if (status.state === 'success') observeStage('provider_status', Date.now() - lookedAt);
  } catch (error) {
    if (!isImageProviderError(error)) throw error;
    if (error.kind === 'not_found') return void (await failAndRefund(deps, task.id, FAILURE_MESSAGES.provider_lost));
    // A passing outage upstream: keep asking until the time limit ends the task.
    if (error.retryable) {
      deps.logger.warn({ taskId: task.taskId, err: error }, 'status check failed; retrying later');
      return lookAgain(deps, em, task, { lookedAt: lastRunningAt, submittedAt });
    }
    return void (await failAndRefund(deps, task.id, errorText(error)));
  }
  if (status.state === 'fail') return void (await failAndRefund(deps, task.id, status.failMessage || FAILURE_MESSAGES.failed));
  if (status.state !== 'success') return lookAgain(deps, em, task, { lookedAt, submittedAt });
  return copyResults(deps, em, task, status.resultUrls ?? [], { doneAt: lookedAt, lastRunningAt, submittedAt, ranMs: status.ranMs });
}

/** What the looks saw of the provider's time (epoch ms): when it was seen done and last seen running, and what it says. */
interface Seen {
  doneAt: number;
  lastRunningAt: number | undefined;
  submittedAt: number | undefined;
  ranMs?: number | undefined;
}

/** Copies the provider's finished images into our storage and completes the task; a failed copy is tried again later. */
async function copyResults(deps: TaskWorkDeps, em: SqlEntityManager, task: ImageTask, resultUrls: string[], seen: Seen): Promise<void> {
  const { doneAt, lastRunningAt, submittedAt, ranMs } = seen;
  let results: { urls: string[]; thumbnailUrl: string | null };
  try {
    results = await storeResults(deps, task, resultUrls);
  } catch (error) {
    // Our store is away: the images are kept (their addresses ride in the next step's job) and copied again after a
    // backoff. Only the time limit ends the task (and refunds it); the bucket coming back completes it.
    if (isStorageUnavailable(error)) {
      deps.logger.warn({ taskId: task.taskId, err: error }, 'the file store is away; copying the result again later');
      return lookAgain(deps, em, task, { backOff: true, resultUrls, doneAt, lookedAt: lastRunningAt, submittedAt });
    }
    // Retried until the time limit (the provider keeps its files for days), which then fails and refunds the task.
    deps.logger.warn({ taskId: task.taskId, err: error }, 'storing the result failed; retrying later');
    return lookAgain(deps, em, task);
  }
  const readyAt = submittedAt !== undefined && ranMs !== undefined ? submittedAt + ranMs : undefined;
  const providerMs = observedProviderMs(task.createdAt.getTime(), doneAt, lastRunningAt, readyAt);
  const committing = performance.now();
  const completed = await completeTask(
    em,
    task.id,
    { resultUrls: results.urls, thumbnailUrl: results.thumbnailUrl, providerMs },
    deps.afterTransition,
  );
  observeStage('commit', performance.now() - committing);
  if (!completed) await dropResultsOfFailedTask(deps, em, task, results.urls);
}

/**
 * The task ended while its results were being stored (the time limit failed and refunded it): a failed task
 * shows no images, so the files stored for it now would stay in the bucket unreferenced. A task completed by a
 * racing step refers to the same keys and keeps them.
 */
async function dropResultsOfFailedTask(deps: TaskWorkDeps, em: SqlEntityManager, task: ImageTask, urls: string[]): Promise<void> {
  const [row] = await em.getConnection().execute<{ status: string }[]>(`select "status" from "image_tasks" where "id" = ?`, [task.id]);
  if (row?.status !== 'failed') return;
  for (const url of urls) {
    const key = deps.storage.keyFromPublicUrl(url);
    if (!key) continue;
    try {
      await deps.storage.delete(thumbnailKeyFor(key));
      // Our copy only: a result the provider keeps in our bucket (the sandbox's) is the provider's file.
      if (key.startsWith(`results/${task.taskId}/`)) await deps.storage.delete(key);
    } catch (error) {
      deps.logger.warn({ taskId: task.taskId, key, err: error }, 'results of a failed task not deleted');
    }
  }
}

/**
 * Moves one task a step forward. Safe to run concurrently for the same task (a step job, the time limit, an
 * admin): only one transition wins. Errors that are not the provider's are logged and thrown, so pg-boss
 * retries the step.
 */
export async function workOnTask(deps: TaskWorkDeps, id: string, carry: StepCarry = {}): Promise<void> {
  const em = deps.orm.em.fork();
  const task = await em.findOne(ImageTask, { id });
  if (!task || (task.status !== 'pending' && task.status !== 'generating')) return;
  try {
    if (task.deadlineAt.getTime() <= Date.now()) {
      await failAndRefund(deps, task.id, FAILURE_MESSAGES.timed_out);
      return;
    }
    if (task.status === 'pending') await submitStep(deps, em, task);
    else await checkStep(deps, em, task, carry);
  } catch (error) {
    deps.logger.error({ taskId: task.taskId, err: error }, 'task step failed unexpectedly');
    throw error;
  }
}

/** Tasks the time-limit sweep reads at a time. */
const OVERDUE_BATCH = 100;

/** Fails and refunds every in-flight task past its time limit, whatever its jobs are doing. Returns how many this call failed. */
export async function expireOverdueTasks(deps: FailDeps): Promise<number> {
  const em = deps.orm.em.fork();
  let failed = 0;
  // Batch after batch until none is left: under a backlog, a hundred a minute left tasks stuck long past their limit.
  for (;;) {
    const rows = await new ImageTaskRepository(em).findOverdueIds(OVERDUE_BATCH);
    let now = 0;
    for (const { id } of rows) if ((await failAndRefund(deps, id, FAILURE_MESSAGES.timed_out)).failed) now += 1;
    failed += now;
    if (rows.length < OVERDUE_BATCH || now === 0) return failed;
  }
}
