// The Creem webhook: verify the raw body, record the event once, then settle the order it names.
import type { WebhookAck } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Logger } from 'pino';
import { HttpProblem } from '../../../errors.ts';
import {
  type CreemCheckoutCompleted,
  type CreemDisputeCreated,
  type CreemRefundCreated,
  type CreemWebhookEvent,
  CreemWebhookParseError,
  parseWebhookEvent,
  verifyWebhookSignature,
} from '../../../providers/creem/index.ts';
import type { Order } from '../orders/order.entity.ts';
import { recordEventOnce, setEventOutcome } from '../orders/payment-events.ts';
import { recordRefund } from '../orders/refund.ts';
import { lockOrder, markFailed, markPaidAndGrant } from '../orders/settlement.ts';
import { invalidWebhookSignature, paymentMismatch, unknownOrder } from '../problems.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What handling one event decided; `problem` is thrown after the transaction committed the record. */
interface Handled {
  outcome: WebhookAck['outcome'] | `rejected:${string}`;
  orderId?: string | null;
  detail?: string | null;
  problem?: HttpProblem;
  /** The order whose credits this event granted (for the operator notification). */
  granted?: Order;
}

export interface CreemWebhookInput {
  /** The body exactly as received (before JSON parsing). */
  rawBody: string | undefined;
  signature: string | string[] | undefined;
  secret: string;
}

/**
 * Handles one Creem webhook delivery. A missing or wrong signature answers 401 with nothing written. Each event id
 * is handled once (a replay answers `duplicate`). `checkout.completed` grants the order's credits once after
 * checking order, product, amount and currency (a mismatch marks the order failed and answers 422);
 * `refund.created` / `dispute.created` mark the order refunded and claw back credits; anything else is recorded.
 */
export async function handleCreemWebhook(
  em: SqlEntityManager,
  logger: Logger,
  input: CreemWebhookInput,
): Promise<{ ack: WebhookAck; granted?: Order }> {
  if (input.rawBody === undefined || !verifyWebhookSignature(input.rawBody, input.signature, input.secret)) throw invalidWebhookSignature();
  let event: CreemWebhookEvent;
  try {
    event = parseWebhookEvent(input.rawBody);
  } catch (error) {
    if (error instanceof CreemWebhookParseError)
      throw new HttpProblem({ status: 400, code: 'bad_request', title: 'Bad request', detail: error.message });
    throw error;
  }
  const rawBody = input.rawBody;
  const handled = await em.transactional(async (tx): Promise<Handled> => {
    const eventType = event.type === 'unknown' ? event.eventType : event.type;
    const rowId = await recordEventOnce(tx, { provider: 'creem', eventId: event.id, eventType, payload: rawBody });
    if (!rowId) return { outcome: 'duplicate' };
    const result = await dispatch(tx, event);
    await setEventOutcome(tx, rowId, result);
    return result;
  });
  if (handled.problem) {
    logger.warn({ eventId: event.id, orderId: handled.orderId, detail: handled.detail }, 'Creem webhook rejected');
    throw handled.problem;
  }
  const outcome = handled.outcome as WebhookAck['outcome'];
  return { ack: { received: true, outcome }, ...(handled.granted && { granted: handled.granted }) };
}

function dispatch(tx: SqlEntityManager, event: CreemWebhookEvent): Promise<Handled> {
  switch (event.type) {
    case 'checkout.completed':
      return settleCheckout(tx, event);
    case 'refund.created':
      return settleRefund(tx, event, 'refund');
    case 'dispute.created':
      return settleRefund(tx, event, 'dispute');
    default:
      return Promise.resolve({ outcome: 'ignored', detail: `event type ${event.eventType} is not acted on` });
  }
}

/** Why a paid checkout does not pay for this order, or null when it matches exactly (minor units, no floats). */
function checkoutMismatch(order: Order, event: CreemCheckoutCompleted): string | null {
  if (order.creemCheckoutId && order.creemCheckoutId !== event.checkout.id)
    return `checkout ${event.checkout.id} is not the order's checkout ${order.creemCheckoutId}`;
  const products = [event.product.id, event.order.productId].filter((id) => id !== undefined);
  if (products.some((id) => id !== order.providerProductId)) return `product ${products.join('/')} is not ${order.providerProductId}`;
  if (event.order.currency.toUpperCase() !== order.currency) return `currency ${event.order.currency} is not ${order.currency}`;
  if (event.order.amount !== order.amountMinor) return `amount ${event.order.amount} is not ${order.amountMinor} minor units`;
  return null;
}

async function settleCheckout(tx: SqlEntityManager, event: CreemCheckoutCompleted): Promise<Handled> {
  const requestId = event.checkout.requestId;
  const order = requestId && UUID.test(requestId) ? await lockOrder(tx, { id: requestId }) : null;
  if (order?.provider !== 'creem') {
    return { outcome: 'rejected:unknown_order', detail: `request_id ${requestId ?? '(none)'}`, problem: unknownOrder() };
  }
  if (event.order.status !== 'paid') {
    return { outcome: 'ignored', orderId: order.id, detail: `Creem order status is ${event.order.status}, not paid` };
  }
  const mismatch = checkoutMismatch(order, event);
  if (mismatch) {
    await markFailed(tx, order, `Creem payment does not match: ${mismatch}`);
    return { outcome: 'rejected:payment_mismatch', orderId: order.id, detail: mismatch, problem: paymentMismatch(mismatch) };
  }
  const granted = await markPaidAndGrant(tx, order, { creemCheckoutId: event.checkout.id, creemOrderId: event.order.id });
  return granted ? { outcome: 'granted', orderId: order.id, granted: order } : { outcome: 'already_paid', orderId: order.id };
}

async function settleRefund(
  tx: SqlEntityManager,
  event: CreemRefundCreated | CreemDisputeCreated,
  kind: 'refund' | 'dispute',
): Promise<Handled> {
  const refs = event.type === 'refund.created' ? event.refund : event.dispute;
  const amount = event.type === 'refund.created' ? event.refund.amount : event.dispute.amount;
  const order =
    (refs.requestId && UUID.test(refs.requestId) ? await lockOrder(tx, { id: refs.requestId }) : null) ??
    (refs.checkoutId ? await lockOrder(tx, { creemCheckoutId: refs.checkoutId }) : null) ??
    (refs.orderId ? await lockOrder(tx, { creemOrderId: refs.orderId }) : null);
  if (order?.provider !== 'creem') return { outcome: 'ignored', detail: `${kind} ${refs.id} names no order of ours` };
  // A refund in another currency cannot be compared; treat it as covering the whole order.
  const amountMinor = refs.currency.toUpperCase() === order.currency ? amount : order.amountMinor;
  const result = await recordRefund(tx, order, { refundId: refs.id, amountMinor, kind });
  const detail = result.applied
    ? `${kind} ${refs.id} of ${amount} ${refs.currency}: took back ${result.taken} of ${result.owed} credits`
    : `${kind} ${refs.id} on an order that was never paid (${order.status})`;
  return { outcome: kind === 'refund' ? 'refund_recorded' : 'dispute_recorded', orderId: order.id, detail };
}
