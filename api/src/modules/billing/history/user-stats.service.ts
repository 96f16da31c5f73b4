// The pricing page's stat cards: balance, images created and money spent.
import type { UserStats } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { User } from '../../users/user.entity.ts';
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

/** Stats of one user: credits from the balance, image tasks created, USD spent on purchases (net of refunds). */
export async function userStats(em: SqlEntityManager, userId: string): Promise<UserStats> {
  const user = await em.findOneOrFail(User, { id: userId });
  const [videosCreated, spentMinor] = [await countImageTasks(em, userId), await totalSpentMinor(em, userId)];
  // The contract carries USD as a number; it is made from the exact decimal string, not from float arithmetic.
  return { credits: user.credits, videosCreated, totalSpent: Number(minorUnitsToPrice(spentMinor)) };
}
