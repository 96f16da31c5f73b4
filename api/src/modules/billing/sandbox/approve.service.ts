// The buyer's decision on the sandbox checkout page. Approving does what Creem does when a card is charged: the
// checkout completes, a signed `checkout.completed` event goes to the real webhook handler (which checks the
// signature, order, product, amount and currency and grants once under `purchase:<order id>`), and the buyer is
// sent to the success URL with Creem's signed return query, which the page checks like any card return.
import { createHash, createHmac } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Logger } from 'pino';
import { notFound } from '../../../errors.ts';
import { redirectSignaturePayload } from '../../../providers/creem/index.ts';
import { handleCreemWebhook } from '../creem/webhook.service.ts';
import { Order } from '../orders/order.entity.ts';
import { SandboxCheckout } from './sandbox-checkout.entity.ts';
import { checkoutJson, sandboxCustomerId, sandboxId, sandboxKeys } from './sandbox-creem.ts';

export interface BuyerDecision {
  checkoutId: string;
  userId: string;
  secretKey: string;
}

/** The checkout and its order, when both exist and the order is the caller's (404 otherwise). */
export async function buyersCheckout(
  em: SqlEntityManager,
  checkoutId: string,
  userId: string,
): Promise<{ checkout: SandboxCheckout; order: Order }> {
  const checkout = await em.findOne(SandboxCheckout, { id: checkoutId });
  const order = checkout ? await em.findOne(Order, { id: checkout.requestId, user: userId }) : null;
  if (!checkout || !order) throw notFound('No such checkout of yours.');
  return { checkout, order };
}

/** Approves a pending checkout once (a second approval replays the same event); returns where to send the buyer. */
export async function approveSandboxCheckout(
  em: SqlEntityManager,
  logger: Logger,
  input: BuyerDecision,
): Promise<{ redirectUrl: string; granted?: Order }> {
  const { checkout, order } = await buyersCheckout(em, input.checkoutId, input.userId);
  if (checkout.status === 'cancelled') return { redirectUrl: cancelledUrl(checkout) };
  // Conditional, so two approvals racing name one paid order.
  await em.nativeUpdate(
    SandboxCheckout,
    { id: checkout.id, status: 'pending' },
    { status: 'completed', paidOrderId: sandboxId('sbx_ord') },
  );
  await em.refresh(checkout);
  const customerId = sandboxCustomerId(input.userId);
  const { webhookSecret, apiKey } = sandboxKeys(input.secretKey);
  const rawBody = JSON.stringify({
    id: `evt_${checkout.id}`,
    eventType: 'checkout.completed',
    created_at: Date.now(),
    object: {
      ...checkoutJson(checkout),
      product: { id: checkout.productId, name: order.packageName, price: checkout.amountMinor, currency: checkout.currency },
      customer: { id: customerId, email: null, name: null },
    },
  });
  const signature = createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
  const { granted } = await handleCreemWebhook(em, logger, { rawBody, signature, secret: webhookSecret });
  return { redirectUrl: signedReturnUrl(checkout, customerId, apiKey), ...(granted && { granted }) };
}

/** Cancels a pending checkout; the order stays pending and is never granted (no payment will complete it). */
export async function cancelSandboxCheckout(em: SqlEntityManager, input: BuyerDecision): Promise<{ redirectUrl: string }> {
  const { checkout } = await buyersCheckout(em, input.checkoutId, input.userId);
  await em.nativeUpdate(SandboxCheckout, { id: checkout.id, status: 'pending' }, { status: 'cancelled' });
  return { redirectUrl: cancelledUrl(checkout) };
}

const cancelledUrl = (checkout: SandboxCheckout) => `${new URL(checkout.successUrl).origin}/pricing?payment=cancelled`;

/** The success URL with Creem's return parameters, in Creem's order, signed as Creem signs them. */
function signedReturnUrl(checkout: SandboxCheckout, customerId: string, apiKey: string): string {
  const params = new URLSearchParams([
    ['checkout_id', checkout.id],
    ['order_id', checkout.paidOrderId ?? ''],
    ['customer_id', customerId],
    ['product_id', checkout.productId],
    ['request_id', checkout.requestId],
  ]);
  params.set('signature', createHash('sha256').update(redirectSignaturePayload(params, apiKey)).digest('hex'));
  return `${checkout.successUrl}?${params}`;
}
