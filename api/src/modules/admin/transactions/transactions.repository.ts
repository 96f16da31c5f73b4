// Every ledger entry of every user, newest first, with the user's name and email, searchable.
import { type AdminTransaction, type AdminTransactionList, CREATED_VIA, LEDGER_ENTRY_TYPES } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { isoTime } from '../../../db/iso-time.ts';
import { containsPattern } from '../users/users.repository.ts';

interface Row {
  id: string;
  user_id: string;
  username: string;
  email: string | null;
  type: AdminTransaction['type'];
  amount: number;
  balance_after: number;
  description: string;
  /** jsonb: an object from PostgreSQL, text from a driver that does not parse it. */
  event: AdminTransaction['event'] | string | null;
  image_task_id: string | null;
  kie_task_id: string | null;
  package_id: string | null;
  order_id: string | null;
  created_via: string;
  created_at: Date | string;
}

const VIA = new Set<string>(CREATED_VIA);
const TYPES = new Set<string>(LEDGER_ENTRY_TYPES);

function present(row: Row): AdminTransaction {
  return {
    id: row.id,
    userId: row.user_id,
    username: row.username,
    email: row.email,
    type: TYPES.has(row.type) ? row.type : 'adjustment',
    amount: row.amount,
    balanceAfter: row.balance_after,
    description: row.description,
    event: typeof row.event === 'string' ? JSON.parse(row.event) : row.event,
    imageTaskId: row.image_task_id,
    kieTaskId: row.kie_task_id,
    packageId: row.package_id,
    orderId: row.order_id,
    createdVia: (VIA.has(row.created_via) ? row.created_via : 'web') as AdminTransaction['createdVia'],
    createdAt: isoTime(row.created_at),
  };
}

/**
 * One page of all entries, newest first (ties by id, so pages never overlap), and how many match.
 * `search` matches username, email or description anywhere, in any letter case.
 */
export async function listAllTransactions(
  em: SqlEntityManager,
  query: { page: number; limit: number; search?: string },
): Promise<AdminTransactionList> {
  const params: unknown[] = [];
  let where = '';
  if (query.search) {
    const pattern = containsPattern(query.search);
    where = `where u."username" ilike ? or u."email" ilike ? or t."description" ilike ?`;
    params.push(pattern, pattern, pattern);
  }
  const from = `from "transactions" t join "users" u on u."id" = t."user_id" ${where}`;
  const rows = await em.execute<Row[]>(
    `select t."id", t."user_id", u."username", u."email", t."type", t."amount", t."balance_after", t."description", t."event",
            t."image_task_id", t."kie_task_id", t."package_id", t."order_id", t."created_via", t."created_at"
       ${from} order by t."created_at" desc, t."id" desc limit ? offset ?`,
    [...params, query.limit, (query.page - 1) * query.limit],
  );
  const [counted] = await em.execute<{ total: number }[]>(`select count(*)::int as "total" ${from}`, params);
  return { data: rows.map(present), total: counted?.total ?? 0 };
}
