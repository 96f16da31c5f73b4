// The signed-in user's stats and credit history.
import type { getUserStats, listTransactions } from '@app/contract';
import type { HandlersFor } from '../../../http/bind.ts';
import { listUserTransactions } from './transactions.ts';
import { userStats } from './user-stats.service.ts';

export const historyHandlers = {
  async getUserStats(ctx) {
    return { status: 200, body: await userStats(ctx.state.em, ctx.state.user?.id ?? '') };
  },

  async listTransactions(ctx, { query }) {
    return { status: 200, body: await listUserTransactions(ctx.state.em, ctx.state.user?.id ?? '', query) };
  },
} satisfies HandlersFor<[typeof getUserStats, typeof listTransactions]>;
