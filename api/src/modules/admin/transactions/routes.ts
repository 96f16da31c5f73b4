// All transactions (spec 001 §7 "Transactions"): the /history page (20 per page) and the dashboard (25).
import type { adminTransactionRoutes } from '@app/contract';
import type { HandlersFor } from '../../../http/bind.ts';
import { listAllTransactions } from './transactions.repository.ts';

export const adminTransactionHandlers = {
  async listAdminTransactions(ctx, { query }) {
    return { status: 200, body: await listAllTransactions(ctx.state.em, query) };
  },
} satisfies HandlersFor<typeof adminTransactionRoutes>;
