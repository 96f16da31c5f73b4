// Guarded status transitions. Every transition is one `update ... where status in (...)` (the repository's
// `mark...` methods), so when the callback, the poller, the time limit and an admin race, exactly one of them moves a task.
import { LIMITS } from '@app/contract/constants';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { ProviderName } from './image-task.entity.ts';
import { ImageTaskRepository } from './image-task.repository.ts';
import { refundTaskRow } from './refund.ts';

/** A moment of a task's life that others follow (automation callbacks, operator alerts). */
export type TaskEvent = 'started' | 'completed' | 'failed';

export interface TaskTransition {
  /** The task's row id. */
  id: string;
  event: TaskEvent;
  /** Failed: the message and the credits this transition refunded. */
  message?: string;
  refunded?: number;
}

/**
 * Runs inside the transaction of a transition that just happened (once per task and event), so what it writes
 * (pg-boss jobs: a transactional outbox) exists exactly when the transition does.
 */
export type AfterTransition = (tx: SqlEntityManager, transition: TaskTransition) => Promise<void>;

export interface Submitted {
  provider: ProviderName;
  providerTaskId: string;
  kieApiId: string | null;
}

/** pending -> generating once a provider accepted the task. False when the task had already ended. */
export async function markSubmitted(em: SqlEntityManager, id: string, submitted: Submitted): Promise<boolean> {
  return new ImageTaskRepository(em).markGenerating(id, submitted);
}

/** Still running: counts one more look (the backoff's input). Job bookkeeping only, so no revision bump. False once ended. */
export async function recordAttempt(em: SqlEntityManager, id: string, attempts: number): Promise<boolean> {
  return new ImageTaskRepository(em).setAttemptsIfInFlight(id, attempts);
}

export interface Completion {
  resultUrls: string[];
  thumbnailUrl: string | null;
  /** The provider's time from submission, as observed (what the status schedule learns from). */
  providerMs?: number;
}

/**
 * In flight -> completed with the stored results; an upscale also becomes its source task's HD image,
 * in the same transaction. False when another path had already ended the task.
 */
export async function completeTask(em: SqlEntityManager, id: string, completion: Completion, after?: AfterTransition): Promise<boolean> {
  return em.transactional(async (tx) => {
    const tasks = new ImageTaskRepository(tx);
    const row = await tasks.markCompletedIfInFlight(id, completion.resultUrls, completion.thumbnailUrl, completion.providerMs ?? null);
    if (!row) return false;
    const hd = completion.resultUrls[0];
    if (row.generation_type === 'upscale' && row.source_task_id && hd) await tasks.setHdImage(row.source_task_id, row.user_id, hd);
    await after?.(tx, { id, event: 'completed' });
    return true;
  });
}

export interface FailureOutcome {
  /** This call moved the task to failed (false: it had already ended one way or another). */
  failed: boolean;
  /** Credits returned by this call (0 when nothing was refunded now). */
  refunded: number;
}

/**
 * In flight -> failed with a message, and the refund, in one database transaction. Safe to call from
 * any number of racing paths: one fails the task, one refund happens.
 */
export async function failTask(em: SqlEntityManager, id: string, message: string, after?: AfterTransition): Promise<FailureOutcome> {
  return em.transactional(async (tx) => {
    const failed = await new ImageTaskRepository(tx).markFailedIfInFlight(id, message.slice(0, LIMITS.taskErrorMax));
    // A task failed earlier whose refund did not happen yet is refunded here too.
    const refunded = await refundTaskRow(tx, { id }, message, ['failed']);
    if (failed) await after?.(tx, { id, event: 'failed', message, refunded });
    return { failed, refunded };
  });
}
