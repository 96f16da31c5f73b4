// Refunds and recovery of failed tasks (spec 001 §7 "Transactions, refunds, recovery"), on the studio's functions.
import type { adminTaskRoutes } from '@app/contract';
import { HttpProblem } from '../../../errors.ts';
import type { HandlersFor } from '../../../http/bind.ts';
import type { AppContext } from '../../../http/context.ts';
import { deleteFailedTasks, recheckFailedTasks } from '../../studio/recovery.service.ts';
import type { StudioRuntime } from '../../studio/runtime.ts';
import { refundTaskAsAdmin } from './refund.ts';

/** The studio runtime (storage, providers); a process started without it cannot re-check or delete files. */
function studioOf(ctx: AppContext): StudioRuntime {
  const studio = ctx.services.studio;
  if (!studio) {
    throw new HttpProblem({
      status: 503,
      code: 'studio_unavailable',
      title: 'Studio unavailable',
      detail: 'The image studio is not running in this process.',
    });
  }
  return studio;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export const adminTaskHandlers = {
  async refundTask(ctx, { params }) {
    const admin = ctx.state.user ?? { username: 'admin' };
    return { status: 200, body: await refundTaskAsAdmin(ctx.state.em, params.taskId, admin) };
  },

  async recheckFailedTasks(ctx) {
    const { checked, recovered } = await recheckFailedTasks(studioOf(ctx));
    return {
      status: 200,
      body: { message: `Checked ${plural(checked, 'failed task')} from the last 24 hours, recovered ${recovered}`, checked, recovered },
    };
  },

  async deleteFailedTasks(ctx) {
    const deleted = await deleteFailedTasks(studioOf(ctx));
    return { status: 200, body: { message: `Deleted ${plural(deleted, 'failed task')}`, deleted } };
  },
} satisfies HandlersFor<typeof adminTaskRoutes>;
