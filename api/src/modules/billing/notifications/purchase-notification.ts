// Tells the operator about a completed purchase, after the grant committed. Never fails the caller.
import type { AppServices } from '../../../http/context.ts';
import { User } from '../../users/user.entity.ts';
import { minorUnitsToPrice } from '../money.ts';
import type { Order } from '../orders/order.entity.ts';
import { notifyOperator } from './operator-notifier.ts';

/** Queues a `purchase.completed` message for a freshly granted order (errors are logged, not thrown). */
export async function notifyPurchaseCompleted(services: Pick<AppServices, 'orm' | 'config' | 'logger'>, order: Order): Promise<void> {
  try {
    const user = await services.orm.em.fork().findOne(User, { id: order.user.id });
    notifyOperator(services, {
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
  } catch (error) {
    services.logger.warn({ err: error, orderId: order.id }, 'could not queue the purchase notification');
  }
}
