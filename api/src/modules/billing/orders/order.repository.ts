// Queries over orders.
import type { SqlEntityManager } from '@mikro-orm/sql';

/** Minor units paid for the user's orders, less what was refunded; pending and failed orders count nothing. */
export async function sumPaidMinorLessRefunds(em: SqlEntityManager, userId: string): Promise<number> {
  const [row] = await em.execute<{ total: number }[]>(
    `select coalesce(sum("amount_minor" - "refunded_minor"), 0)::int as "total"
       from "orders" where "user_id" = ? and "status" in ('paid', 'refunded')`,
    [userId],
  );
  return row?.total ?? 0;
}
