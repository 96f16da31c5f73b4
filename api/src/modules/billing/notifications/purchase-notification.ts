// Tells the operator about a completed purchase: queued by the settlement's own transaction (see
// `markPaidAndGrant`), so a granted order always has its alert and a rolled-back one never does.
import type { SqlEntityManager } from '@mikro-orm/sql';
import { User } from '../../users/index.ts';
import { minorUnitsToPrice } from '../money.ts';
import type { Order } from '../orders/order.entity.ts';
import { queueOperatorAlert } from './operator-notifier.ts';

/** Queues a `purchase.completed` alert for an order granted in `tx`'s transaction. */
export async function queuePurchaseCompleted(tx: SqlEntityManager, order: Order): Promise<void> {
  const user = await tx.findOne(User, { id: order.user.id });
  await queueOperatorAlert(tx, {
    type: 'purchase.completed',
    username: user?.username ?? order.user.id,
    email: user?.email ?? null,
    credits: order.credits,
    amount: minorUnitsToPrice(order.amountMinor),
    currency: order.currency,
    provider: order.provider,
    orderId: order.id,
    packageName: order.packageName,
  });
}
