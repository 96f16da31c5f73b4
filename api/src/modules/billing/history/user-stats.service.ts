// The pricing page's stat cards: balance, images created and credits used (and the money spent, for the API).
import type { UserStats } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { User } from '../../users/index.ts';
import { minorUnitsToPrice } from '../money.ts';
import { countImageTasks } from './image-task-count.ts';

/** Minor units paid for the user's orders, less what was refunded; pending and failed orders count nothing. */
export async function totalSpentMinor(em: SqlEntityManager, userId: string): Promise<number> {
  const [row] = await em.execute<{ total: number }[]>(
    `select coalesce(sum("amount_minor" - "refunded_minor"), 0)::int as "total"
       from "orders" where "user_id" = ? and "status" in ('paid', 'refunded')`,
    [userId],
  );
  return row?.total ?? 0;
}

/** Credits the ledger shows spent on tasks (`usage`, negative) less those given back for failed tasks (`refund:<task>`). */
export async function creditsUsed(em: SqlEntityManager, userId: string): Promise<number> {
  const [row] = await em.execute<{ used: number }[]>(
    `select coalesce(-sum("amount"), 0)::int as "used"
       from "transactions"
      where "user_id" = ? and ("type" = 'usage' or ("type" = 'refund' and "business_key" like 'refund:%'))`,
    [userId],
  );
  return Math.max(0, row?.used ?? 0);
}

/** Stats of one user: credits from the balance, image tasks created, USD spent on purchases (net of refunds), credits used. */
export async function userStats(em: SqlEntityManager, userId: string): Promise<UserStats> {
  const user = await em.findOneOrFail(User, { id: userId });
  const videosCreated = await countImageTasks(em, userId);
  const spentMinor = await totalSpentMinor(em, userId);
  const used = await creditsUsed(em, userId);
  // The contract carries USD as a number; it is made from the exact decimal string, not from float arithmetic.
  return { credits: user.credits, videosCreated, totalSpent: Number(minorUnitsToPrice(spentMinor)), creditsUsed: used };
}
