// The Creem success redirect: proof for the UI that this buyer came back from a real payment of their order.
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Logger } from 'pino';
import { notFound } from '../../../errors.ts';
import { type CreemConnection, getCheckout, verifyRedirectSignature } from '../../../providers/creem/index.ts';
import { Order } from '../orders/order.entity.ts';
import { lockOrder, markPaidAndGrant } from '../orders/settlement.ts';
import { invalidReturnSignature } from '../problems.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface VerifyReturnInput {
  userId: string;
  /** The return URL's query string exactly as received (the signature covers the parameters in URL order). */
  querystring: string;
  connection: CreemConnection;
}

/**
 * Checks the redirect signature (400 when wrong), finds the caller's order named by `request_id` (404 when it is
 * not theirs or names another checkout) and, while it is pending, asks Creem about the checkout: a completed,
 * matching payment is granted here exactly as the webhook would (same ledger key), so a late webhook changes
 * nothing. Returns the order and whether this call granted it.
 */
export async function verifyCreemReturn(
  em: SqlEntityManager,
  logger: Logger,
  input: VerifyReturnInput,
): Promise<{ order: Order; granted: boolean }> {
  if (!verifyRedirectSignature(input.querystring, input.connection.apiKey)) throw invalidReturnSignature();
  const params = new URLSearchParams(input.querystring);
  const requestId = params.get('request_id') ?? '';
  const checkoutId = params.get('checkout_id') ?? '';
  const order = UUID.test(requestId) ? await em.findOne(Order, { id: requestId, user: input.userId, provider: 'creem' }) : null;
  if (!order || order.creemCheckoutId !== checkoutId) throw notFound('No such order of yours.');
  if (order.status !== 'pending') return { order, granted: false };

  let checkout: Awaited<ReturnType<typeof getCheckout>>;
  try {
    checkout = await getCheckout({ ...input.connection, checkoutId });
  } catch (error) {
    // The webhook will settle it; the buyer sees "pending confirmation" meanwhile.
    logger.warn({ err: error, orderId: order.id }, 'Creem checkout lookup failed on return');
    return { order, granted: false };
  }
  const paid = checkout.order;
  const matches =
    checkout.status === 'completed' &&
    checkout.requestId === order.id &&
    paid?.status === 'paid' &&
    paid.amount === order.amountMinor &&
    paid.currency.toUpperCase() === order.currency &&
    (checkout.productId ?? paid.productId) === order.providerProductId;
  if (!matches || !paid) return { order, granted: false };

  return em.transactional(async (tx) => {
    const locked = await lockOrder(tx, { id: order.id });
    if (!locked) throw notFound('No such order of yours.');
    const granted = await markPaidAndGrant(tx, locked, { creemOrderId: paid.id });
    return { order: locked, granted };
  });
}
