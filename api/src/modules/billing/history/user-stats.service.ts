// The pricing page's stat cards: balance, images created and credits used (and the money spent, for the API).
import type { UserStats } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { sumCreditsUsedOnTasks } from '../../ledger/index.ts';
import { User } from '../../users/index.ts';
import { minorUnitsToPrice } from '../money.ts';
import { sumPaidMinorLessRefunds } from '../orders/order.repository.ts';
import { countImageTasks } from './image-task-count.ts';

/** Minor units paid for the user's orders, less what was refunded; pending and failed orders count nothing. */
export async function totalSpentMinor(em: SqlEntityManager, userId: string): Promise<number> {
  return sumPaidMinorLessRefunds(em, userId);
}

/** Credits the ledger shows spent on tasks (`usage`, negative) less those given back for failed tasks (`refund:<task>`). */
export async function creditsUsed(em: SqlEntityManager, userId: string): Promise<number> {
  return Math.max(0, await sumCreditsUsedOnTasks(em, userId));
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
