// The admin's refund of one task, through the studio's `refundTask` (ledger key `refund:<task id>`), so a
// refund happens once per task whoever asks first: the pipeline on failure, or an admin twice. A refund that returned
// credits is in the audit log, written in the refund's transaction.

import type { SqlEntityManager } from '@mikro-orm/sql';
import { notFound } from '../../../errors.ts';
import type { Admin } from '../../../http/roles.ts';
import { type Acting, recordAudit } from '../../audit/index.ts';
import { adminRefundReason, ImageTaskRepository, IN_FLIGHT_STATUSES, refundTask, taskInProgress } from '../../studio/index.ts';
import { User } from '../../users/index.ts';

/**
 * Refunds a task's credits to its owner. `taskId` is the public id (`tsk_...`) or the uuid. Answers the credits
 * returned by this call: 0 when already refunded or free. 404 for an unknown task, 409 while it is in flight.
 */
export async function refundTaskAsAdmin(
  em: SqlEntityManager,
  taskId: string,
  admin: Acting<Admin>,
): Promise<{ amount: number; message: string }> {
  const task = await new ImageTaskRepository(em).findByAnyId(taskId);
  if (!task) throw notFound('No such task.');
  if ((IN_FLIGHT_STATUSES as readonly string[]).includes(task.status)) throw taskInProgress(task.taskId);
  const owner = await em.findOne(User, { id: task.user.id });
  const amount = await em.transactional(async (tx) => {
    const refunded = await refundTask(tx, task.id, adminRefundReason(admin.username));
    if (refunded > 0) {
      const subject = owner && { id: owner.id, username: owner.username };
      await recordAudit(tx, { action: 'task.refunded', by: admin, subject, details: { taskId: task.taskId, credits: refunded } });
    }
    return refunded;
  });
  if (amount > 0) return { amount, message: `Refunded ${amount} credits to ${owner?.username ?? 'the user'}` };
  return { amount: 0, message: task.creditsUsed > 0 ? 'This task was already refunded' : 'This task was free: nothing to refund' };
}
