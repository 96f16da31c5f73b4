// Starting a card payment: our order first, then the Creem checkout that refers to it.
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Logger } from 'pino';
import { type CreemConnection, createCheckout } from '../../../providers/creem/index.ts';
import { createPendingOrder, failNewOrder } from '../orders/order.service.ts';
import { providerFailed } from '../problems.ts';

export interface StartCheckoutInput {
  userId: string;
  packageId: string;
  connection: CreemConnection;
  /** Where Creem sends the buyer after paying; must carry no query string (the redirect signature covers it all). */
  successUrl: string;
  /** The sandbox payment method sells every package as its own product. */
  sandbox?: boolean;
}

/**
 * Creates a pending order, then a Creem checkout for the package's product with our order id as `request_id`.
 * A Creem failure marks the order failed and answers 502.
 */
export async function startCreemCheckout(
  em: SqlEntityManager,
  logger: Logger,
  input: StartCheckoutInput,
): Promise<{ checkoutUrl: string; orderId: string }> {
  const order = await createPendingOrder(em, {
    userId: input.userId,
    packageId: input.packageId,
    provider: 'creem',
    sandbox: input.sandbox,
  });
  try {
    const checkout = await createCheckout({
      ...input.connection,
      productId: order.providerProductId ?? '',
      requestId: order.id,
      successUrl: input.successUrl,
      metadata: { orderId: order.id, userId: input.userId },
    });
    order.creemCheckoutId = checkout.checkoutId;
    await em.flush();
    return { checkoutUrl: checkout.checkoutUrl, orderId: order.id };
  } catch (error) {
    logger.error({ err: error, orderId: order.id }, 'Creem checkout failed');
    await failNewOrder(em, order, `creating the Creem checkout failed: ${(error as Error).message}`);
    throw providerFailed('Creem', error);
  }
}
