// Starting a PayPal payment: our order first, then the PayPal order carrying our id and the package's price.
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Logger } from 'pino';
import type { PayPalClient } from '../../../providers/paypal/index.ts';
import { minorUnitsToPrice } from '../money.ts';
import { createPendingOrder, failNewOrder } from '../orders/order.service.ts';
import { providerFailed } from '../problems.ts';

export interface StartPayPalOrderInput {
  userId: string;
  packageId: string;
  client: PayPalClient;
  /** The app's public origin; PayPal returns the buyer to `/pricing` there. */
  origin: string;
}

/** Where PayPal sends the buyer back: the pricing page, which calls capture with `token` (the PayPal order id). */
export function paypalReturnUrls(origin: string): { returnUrl: string; cancelUrl: string } {
  return { returnUrl: `${origin}/pricing?payment=paypal_return`, cancelUrl: `${origin}/pricing?payment=cancelled` };
}

/**
 * Creates a pending order, then the PayPal order (intent CAPTURE, our id as `custom_id`, our id as
 * `PayPal-Request-Id` so a retried create cannot make two). A PayPal failure marks the order failed (502).
 */
export async function startPayPalOrder(
  em: SqlEntityManager,
  logger: Logger,
  input: StartPayPalOrderInput,
): Promise<{ id: string; orderId: string; approveUrl: string | null }> {
  const order = await createPendingOrder(em, { userId: input.userId, packageId: input.packageId, provider: 'paypal' });
  try {
    const created = await input.client.createOrder({
      internalOrderId: order.id,
      amount: minorUnitsToPrice(order.amountMinor),
      currency: order.currency,
      description: `${order.packageName}: ${order.credits} credits`,
      requestId: order.id,
      ...paypalReturnUrls(input.origin),
    });
    order.paypalOrderId = created.id;
    await em.flush();
    return { id: created.id, orderId: order.id, approveUrl: created.approveUrl };
  } catch (error) {
    logger.error({ err: error, orderId: order.id }, 'PayPal create order failed');
    await failNewOrder(em, order, `creating the PayPal order failed: ${(error as Error).message}`);
    throw providerFailed('PayPal', error);
  }
}
