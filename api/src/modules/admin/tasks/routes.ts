// Refunds and recovery of failed tasks (spec 001 §7 "Transactions, refunds, recovery"), on the studio's functions.
// Recovery spans many transactions of the studio, so its audit entry is written once it finished, with its counts.
import type { adminTaskRoutes } from '@app/contract';
import type { HandlersFor } from '../../../http/bind.ts';
import { acting, recordAudit } from '../../audit/index.ts';
import { deleteFailedTasks, recheckFailedTasks } from '../../studio/index.ts';
import { listFailedTasks } from './failed-tasks.repository.ts';
import { refundTaskAsAdmin } from './refund.ts';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export const adminTaskHandlers = {
  async listFailedTasks(ctx, { query }) {
    return { status: 200, body: await listFailedTasks(ctx.state.em, query) };
  },

  async refundTask(ctx, { params, caller }) {
    return { status: 200, body: await refundTaskAsAdmin(ctx.state.em, params.taskId, acting(ctx, caller)) };
  },

  async recheckFailedTasks(ctx, { caller }) {
    const { checked, recovered } = await recheckFailedTasks(ctx.services.studio);
    await recordAudit(ctx.state.em, { action: 'tasks.rechecked', by: acting(ctx, caller), details: { checked, recovered } });
    return {
      status: 200,
      body: { message: `Checked ${plural(checked, 'failed task')} from the last 24 hours, recovered ${recovered}`, checked, recovered },
    };
  },

  async deleteFailedTasks(ctx, { caller }) {
    const deleted = await deleteFailedTasks(ctx.services.studio);
    await recordAudit(ctx.state.em, { action: 'tasks.failed_deleted', by: acting(ctx, caller), details: { deleted } });
    return { status: 200, body: { message: `Deleted ${plural(deleted, 'failed task')}`, deleted } };
  },
} satisfies HandlersFor<typeof adminTaskRoutes>;
