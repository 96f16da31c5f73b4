// Queries over the ledger's `transactions` rows.
import type { EntityManager } from '@mikro-orm/sql';
import type { TransactionType } from './transaction.entity.ts';

export interface TransactionRow {
  id: string;
  userId: string;
  type: TransactionType;
  amount: number;
  balanceAfter: number;
  description: string;
  event: { kind: string; params: Record<string, string | number> } | null;
  businessKey: string;
  imageTaskId: string | null;
  kieTaskId: string | null;
  packageId: string | null;
  orderId: string | null;
  createdVia: 'web' | 'api' | 'n8n';
}

/** Whether an entry under this business key exists. */
export async function hasBusinessKey(em: EntityManager, businessKey: string): Promise<boolean> {
  const seen = await em.execute('select 1 from "transactions" where "business_key" = ?', [businessKey]);
  return seen.length > 0;
}

/** Inserts the entry unless its business key is taken (the unique index decides a race); whether it was inserted. */
export async function insertUnlessKeyTaken(em: EntityManager, row: TransactionRow): Promise<boolean> {
  const inserted = await em.execute(
    `insert into "transactions" ("id", "user_id", "type", "amount", "balance_after", "description", "event", "business_key",
       "image_task_id", "kie_task_id", "package_id", "order_id", "created_via", "created_at")
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now())
     on conflict ("business_key") do nothing returning "id"`,
    [
      row.id,
      row.userId,
      row.type,
      row.amount,
      row.balanceAfter,
      row.description,
      row.event && JSON.stringify(row.event),
      row.businessKey,
      row.imageTaskId,
      row.kieTaskId,
      row.packageId,
      row.orderId,
      row.createdVia,
    ],
  );
  return inserted.length > 0;
}

/** Users whose cached balance differs from the sum of their entries. */
export function findBalanceMismatches(em: EntityManager): Promise<{ id: string; credits: number; ledger: number }[]> {
  return em.execute(
    `select u.id, u.credits, coalesce(sum(t.amount), 0)::int as ledger
       from "users" u left join "transactions" t on t.user_id = u.id
      group by u.id, u.credits
     having u.credits <> coalesce(sum(t.amount), 0)`,
  );
}

/** Credits the user's entries show spent on tasks (`usage`, negative) less those given back for failed tasks (`refund:<task>`). */
export async function sumCreditsUsedOnTasks(em: EntityManager, userId: string): Promise<number> {
  const [row] = await em.execute<{ used: number }[]>(
    `select coalesce(-sum("amount"), 0)::int as "used"
       from "transactions"
      where "user_id" = ? and ("type" = 'usage' or ("type" = 'refund' and "business_key" like 'refund:%'))`,
    [userId],
  );
  return row?.used ?? 0;
}

/** Credits ever charged for tasks (`usage`, as a positive sum) and given back for them (task refunds); null when none. */
export async function sumTaskCredits(em: EntityManager): Promise<{ charged: string | null; refunded: string | null } | undefined> {
  const [credits] = await em.execute<{ charged: string | null; refunded: string | null }[]>(
    `select sum(case when "type" = 'usage' then -"amount" else 0 end) as "charged",
            sum(case when "type" = 'refund' and "image_task_id" is not null then "amount" else 0 end) as "refunded"
       from "transactions"`,
  );
  return credits;
}
