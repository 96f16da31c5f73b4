// The signed-in user's ledger, newest first.
import { LedgerTransaction, type TransactionList } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { Transaction } from '../../ledger/index.ts';

const VIA = new Set<string>(LedgerTransaction.shape.createdVia.options);

/** A ledger row as the user sees it (no balance snapshot or business key). */
export function presentTransaction(row: Transaction): LedgerTransaction {
  return {
    id: row.id,
    type: row.type,
    amount: row.amount,
    description: row.description,
    event: (row.event as LedgerTransaction['event']) ?? null,
    imageTaskId: row.imageTaskId ?? null,
    packageId: row.packageId ?? null,
    orderId: row.orderId ?? null,
    createdVia: (VIA.has(row.createdVia) ? row.createdVia : 'web') as LedgerTransaction['createdVia'],
    createdAt: row.createdAt.toISOString(),
  };
}

/** One page of the user's entries, newest first (ties broken by id so pages never overlap), and their count. */
export async function listUserTransactions(
  em: SqlEntityManager,
  userId: string,
  page: { page: number; limit: number },
): Promise<TransactionList> {
  const [rows, total] = await em.findAndCount(
    Transaction,
    { user: userId },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: (page.page - 1) * page.limit },
  );
  return { data: rows.map(presentTransaction), total };
}
