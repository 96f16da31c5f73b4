// The signed-in user's stats and credit history.
import type { getUserStats, listTransactions } from '@app/contract';
import type { HandlersFor } from '../../../http/bind.ts';
import { listUserTransactions } from './transactions.ts';
import { userStats } from './user-stats.service.ts';

export const historyHandlers = {
  async getUserStats(ctx, { caller }) {
    return { status: 200, body: await userStats(ctx.state.em, caller.id) };
  },

  async listTransactions(ctx, { query, caller }) {
    return { status: 200, body: await listUserTransactions(ctx.state.em, caller.id, query) };
  },
} satisfies HandlersFor<[typeof getUserStats, typeof listTransactions]>;
