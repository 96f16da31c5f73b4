// Capturing an approved PayPal order and settling ours from what PayPal reports, exactly once.
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Logger } from 'pino';
import { HttpProblem, notFound } from '../../../errors.ts';
import {
  checkCapturedPayment,
  type PaymentCheck,
  PayPalApiError,
  type PayPalClient,
  type PayPalOrderSnapshot,
} from '../../../providers/paypal/index.ts';
import { minorUnitsToPrice } from '../money.ts';
import { Order } from '../orders/order.entity.ts';
import { lockOrder, markFailed, markPaidAndGrant } from '../orders/settlement.ts';
import { paymentMismatch, providerFailed } from '../problems.ts';

const declined = (code: 'payment_declined' | 'instrument_declined', detail: string, retryable: boolean) =>
  new HttpProblem({ status: 422, code, title: 'Payment declined', detail, retryable });

const notCompleted = (detail: string) =>
  new HttpProblem({ status: 422, code: 'payment_not_completed', title: 'Payment not completed', detail, retryable: true });

/**
 * The `PayPal-Request-Id` of a capture: derived from our order id, so a retry after a lost answer replays the
 * same capture; the attempt number changes only after PayPal definitively refused the instrument.
 */
export const captureRequestId = (order: Pick<Order, 'id' | 'captureAttempt'>) => `capture-${order.id}-${order.captureAttempt}`;

export interface CaptureInput {
  userId: string;
  paypalOrderId: string;
  client: PayPalClient;
}

/**
 * Captures the caller's PayPal order (404 for anyone else's) and settles ours: a COMPLETED capture of exactly the
 * stored amount, currency and `custom_id` is granted once; PENDING leaves the order pending (a later call re-reads
 * the capture and settles it); DECLINED marks it failed (422 `payment_declined`); a mismatch marks it failed (422
 * `payment_mismatch`). A paid order is answered as it is without calling PayPal.
 */
export async function capturePayPalPayment(
  em: SqlEntityManager,
  logger: Logger,
  input: CaptureInput,
): Promise<{ order: Order; granted: boolean }> {
  const order = await em.findOne(Order, { paypalOrderId: input.paypalOrderId, user: input.userId, provider: 'paypal' });
  if (!order) throw notFound('No such order of yours.');
  if (order.status === 'paid' || order.status === 'refunded') return { order, granted: false };

  let snapshot: PayPalOrderSnapshot;
  try {
    // Once PayPal made a capture (pending or declined) we only read it again; a new capture call would be refused.
    snapshot = order.paypalCaptureId
      ? await input.client.getOrder(input.paypalOrderId)
      : await input.client.captureOrder(input.paypalOrderId, captureRequestId(order));
  } catch (error) {
    throw await captureError(em, logger, order, error);
  }

  const check = checkCapturedPayment({
    result: snapshot,
    expected: { customId: order.id, currency: order.currency, value: minorUnitsToPrice(order.amountMinor) },
  });
  const settled = await em.transactional((tx) => settle(tx, order.id, check));
  if (settled.problem) {
    logger.warn({ orderId: order.id, check }, 'PayPal capture not granted');
    throw settled.problem;
  }
  return { order: settled.order, granted: settled.granted };
}

async function settle(
  tx: SqlEntityManager,
  orderId: string,
  check: PaymentCheck,
): Promise<{ order: Order; granted: boolean; problem?: HttpProblem }> {
  const order = await lockOrder(tx, { id: orderId });
  if (!order) throw notFound('No such order of yours.');
  if (check.ok) return { order, granted: await markPaidAndGrant(tx, order, { paypalCaptureId: check.captureId }) };
  const captureRef = check.captureId ? { paypalCaptureId: check.captureId } : {};
  switch (check.reason) {
    case 'pending':
      // Not paid yet: keep the capture id so the next call reads it instead of capturing again.
      if (check.captureId && order.status === 'pending') {
        order.paypalCaptureId = check.captureId;
        await tx.flush();
      }
      return { order, granted: false };
    case 'declined':
      await markFailed(tx, order, `PayPal ${check.detail}`, captureRef);
      return { order, granted: false, problem: declined('payment_declined', 'PayPal declined the payment.', false) };
    case 'custom_id_mismatch':
    case 'currency_mismatch':
    case 'amount_mismatch':
      await markFailed(tx, order, `PayPal payment does not match: ${check.detail}`, captureRef);
      return { order, granted: false, problem: paymentMismatch(check.detail) };
    default:
      return { order, granted: false, problem: notCompleted(check.detail) };
  }
}

/** Maps a failed capture call to the answer, remembering a refused instrument so the next capture is a new one. */
async function captureError(em: SqlEntityManager, logger: Logger, order: Order, error: unknown): Promise<HttpProblem> {
  if (error instanceof PayPalApiError && error.issue === 'INSTRUMENT_DECLINED') {
    await em.nativeUpdate(Order, { id: order.id, captureAttempt: order.captureAttempt }, { captureAttempt: order.captureAttempt + 1 });
    return declined('instrument_declined', 'The card or account was declined. Choose another way to pay and try again.', true);
  }
  if (error instanceof PayPalApiError && error.issue === 'ORDER_NOT_APPROVED') {
    return notCompleted('The payment has not been approved in PayPal yet.');
  }
  logger.error({ err: error, orderId: order.id }, 'PayPal capture failed');
  return providerFailed('PayPal', error);
}
