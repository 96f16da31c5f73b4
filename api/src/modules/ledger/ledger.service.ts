import type { EntityManager } from '@mikro-orm/sql';
import type { TransactionType } from './transaction.entity.ts';

export interface LedgerEntry {
  userId: string;
  /** Signed change: negative for usage. */
  amount: number;
  type: TransactionType;
  /** Unique per business event (`usage:<taskId>`, `refund:<taskId>`, `purchase:<orderId>`...). */
  businessKey: string;
  description: string;
  imageTaskId?: string | null;
  kieTaskId?: string | null;
  packageId?: string | null;
  orderId?: string | null;
  createdVia?: 'web' | 'api' | 'n8n';
}

export type LedgerResult =
  | { applied: true; transactionId: string; balance: number }
  | { applied: false; reason: 'duplicate' | 'insufficient_credits' | 'no_user' };

/** Thrown inside the transaction to roll back the balance change when the key was already used. */
class DuplicateEntry extends Error {}

/**
 * Applies one ledger entry exactly once, atomically: the balance is changed by a single guarded
 * statement (`credits + amount >= 0`) and the transaction row is inserted under its unique business
 * key in the same database transaction. Returns `applied: false` for a replay or too few credits,
 * with nothing written. Pass `em` of an open transaction to join it.
 */
export async function applyLedgerEntry(em: EntityManager, entry: LedgerEntry): Promise<LedgerResult> {
  try {
    return await em.transactional(async (tx) => {
      // Fast path for replays; the unique key below still decides a race.
      const seen = await tx.execute('select 1 from "transactions" where "business_key" = ?', [entry.businessKey]);
      if (seen.length) return { applied: false, reason: 'duplicate' } as const;
      const updated = await tx.execute<{ credits: number }[]>(
        'update "users" set "credits" = "credits" + ? where "id" = ? and "credits" + ? >= 0 returning "credits"',
        [entry.amount, entry.userId, entry.amount],
      );
      const row = updated[0];
      if (!row) {
        const exists = await tx.execute('select 1 from "users" where "id" = ?', [entry.userId]);
        return { applied: false, reason: exists.length ? 'insufficient_credits' : 'no_user' } as const;
      }
      const id = crypto.randomUUID();
      const inserted = await tx.execute(
        `insert into "transactions" ("id", "user_id", "type", "amount", "balance_after", "description", "business_key",
           "image_task_id", "kie_task_id", "package_id", "order_id", "created_via", "created_at")
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now())
         on conflict ("business_key") do nothing returning "id"`,
        [
          id,
          entry.userId,
          entry.type,
          entry.amount,
          row.credits,
          entry.description.slice(0, 255),
          entry.businessKey,
          entry.imageTaskId ?? null,
          entry.kieTaskId ?? null,
          entry.packageId ?? null,
          entry.orderId ?? null,
          entry.createdVia ?? 'web',
        ],
      );
      if (!inserted.length) throw new DuplicateEntry();
      return { applied: true, transactionId: id, balance: row.credits } as const;
    });
  } catch (error) {
    if (error instanceof DuplicateEntry) return { applied: false, reason: 'duplicate' };
    throw error;
  }
}

/** Users whose cached balance differs from the sum of their ledger; empty when the books are exact. */
export async function findLedgerMismatches(em: EntityManager): Promise<{ id: string; credits: number; ledger: number }[]> {
  return em.execute(
    `select u.id, u.credits, coalesce(sum(t.amount), 0)::int as ledger
       from "users" u left join "transactions" t on t.user_id = u.id
      group by u.id, u.credits
     having u.credits <> coalesce(sum(t.amount), 0)`,
  );
}
