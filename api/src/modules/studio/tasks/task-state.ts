// Guarded status transitions. Every transition is one `update ... where status in (...)`, so when the
// callback, the poller, the time limit and an admin race, exactly one of them moves a task.
// Raw updates bump `revision` and `updated_at` by hand (the ORM does it on flush); the task list's ETag relies on it.
import { LIMITS } from '@app/contract/constants';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { ProviderName } from './image-task.entity.ts';
import { refundTaskRow } from './refund.ts';

/** SQL fragment: statuses still in flight. */
const IN_FLIGHT = `('pending', 'generating')`;
/** SQL fragment: a visible change. */
const TOUCH = `"revision" = "revision" + 1, "updated_at" = now()`;

/** An array parameter as a `text[]` (MikroORM inlines parameters and does not bind arrays). */
const TEXT_ARRAY = `array(select jsonb_array_elements_text(?::jsonb))`;

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
  const rows = await em.execute(
    `update "image_tasks" set "status" = 'generating', "provider" = ?, "provider_task_id" = ?, "kie_api_id" = ?,
            "attempts" = 0, ${TOUCH}
      where "id" = ? and "status" = 'pending' returning "id"`,
    [submitted.provider, submitted.providerTaskId, submitted.kieApiId, id],
  );
  return rows.length > 0;
}

/** Still running: counts one more look (the backoff's input). Job bookkeeping only, so no revision bump. False once ended. */
export async function recordAttempt(em: SqlEntityManager, id: string, attempts: number): Promise<boolean> {
  const rows = await em.execute(`update "image_tasks" set "attempts" = ? where "id" = ? and "status" in ${IN_FLIGHT} returning "id"`, [
    attempts,
    id,
  ]);
  return rows.length > 0;
}

export interface Completion {
  resultUrls: string[];
  thumbnailUrl: string | null;
}

/**
 * In flight -> completed with the stored results; an upscale also becomes its source task's HD image,
 * in the same transaction. False when another path had already ended the task.
 */
export async function completeTask(em: SqlEntityManager, id: string, completion: Completion, after?: AfterTransition): Promise<boolean> {
  return em.transactional(async (tx) => {
    const rows = await tx.execute<{ source_task_id: string | null; generation_type: string; user_id: string }[]>(
      `update "image_tasks" set "status" = 'completed', "result_urls" = ${TEXT_ARRAY}, "thumbnail_url" = ?,
              "error_message" = null, "completed_at" = now(), ${TOUCH}
        where "id" = ? and "status" in ${IN_FLIGHT} returning "source_task_id", "generation_type", "user_id"`,
      [JSON.stringify(completion.resultUrls), completion.thumbnailUrl, id],
    );
    const row = rows[0];
    if (!row) return false;
    const hd = completion.resultUrls[0];
    if (row.generation_type === 'upscale' && row.source_task_id && hd) {
      // Only the same user's task: the link was made from the caller's own tasks, this keeps it that way.
      await tx.execute(`update "image_tasks" set "hd_image_url" = ?, ${TOUCH} where "id" = ? and "user_id" = ?`, [
        hd,
        row.source_task_id,
        row.user_id,
      ]);
    }
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
    const rows = await tx.execute(
      `update "image_tasks" set "status" = 'failed', "error_message" = ?, "completed_at" = now(), ${TOUCH}
        where "id" = ? and "status" in ${IN_FLIGHT} returning "id"`,
      [message.slice(0, LIMITS.taskErrorMax), id],
    );
    // A task failed earlier whose refund did not happen yet is refunded here too.
    const refunded = await refundTaskRow(tx, { id }, message, ['failed']);
    if (rows.length > 0) await after?.(tx, { id, event: 'failed', message, refunded });
    return { failed: rows.length > 0, refunded };
  });
}
