// Refunds: the credits of a task go back exactly once, whichever path gets there first.
import type { SqlEntityManager } from '@mikro-orm/sql';
import { applyLedgerEntry } from '../../ledger/index.ts';
import { returnTokenSpend } from '../../tokens/index.ts';
import { refundCause } from './failure-messages.ts';
import { ImageTaskRepository } from './image-task.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ledger key of a task's refund: one refund per task, ever. */
export const refundKey = (taskId: string) => `refund:${taskId}`;
/** The ledger key of a task's charge. */
export const usageKey = (taskId: string) => `usage:${taskId}`;

type Finished = 'failed' | 'completed';

/**
 * Sets `refunded` (guarded by `refunded = false`) and books the refund under `refund:<taskId>`, in one
 * transaction. Returns the credits returned, or 0 when the task is unknown, in flight, of another status
 * than `statuses`, free, or already refunded.
 */
export async function refundTaskRow(
  em: SqlEntityManager,
  where: { id: string } | { taskId: string },
  reason: string,
  statuses: readonly Finished[],
): Promise<number> {
  return em.transactional(async (tx) => {
    const row = await new ImageTaskRepository(tx).markRefunded(where, statuses);
    if (!row) return 0;
    const result = await applyLedgerEntry(tx, {
      userId: row.user_id,
      amount: row.credits_used,
      type: 'refund',
      businessKey: refundKey(row.task_id),
      description: `Refund for ${row.task_id}: ${reason}`,
      event: { kind: 'task_refund', params: { taskId: row.task_id, reason: reason.slice(0, 255), ...refundCause(reason) } },
      imageTaskId: row.id,
      kieTaskId: row.provider_task_id,
      createdVia: row.created_via,
    });
    if (result.applied) {
      await returnTokenSpend(tx, row.id, row.credits_used);
      return row.credits_used;
    }
    // Already booked under the same key (the flag was lost somehow): keep the flag, return nothing more.
    if (result.reason === 'duplicate') return 0;
    throw new Error(`refund of ${row.task_id} not applied: ${result.reason}`);
  });
}

/**
 * Refunds a finished task (failed, or completed at an admin's discretion) exactly once; in-flight tasks
 * are left to the pipeline, which refunds them if they fail. `taskId` is the public id (`tsk_...`) or the
 * uuid. Returns the credits returned, 0 when there was nothing (more) to refund. Pass the em of an open
 * transaction to join it.
 */
export async function refundTask(em: SqlEntityManager, taskId: string, reason: string): Promise<number> {
  return refundTaskRow(em, UUID.test(taskId) ? { id: taskId } : { taskId }, reason, ['failed', 'completed']);
}
