import type { PayPalOrderSnapshot } from './client.ts';
import { decimalEquals } from './money.ts';

export type ExpectedPayment = {
  /** Our order id, sent as `custom_id` when the order was created. */
  customId: string;
  currency: string;
  /** Decimal string as stored when the order was created, e.g. `"10.00"`. */
  value: string;
};

export type PaymentCheckFailure =
  | 'order_not_completed' // order status is not COMPLETED (e.g. APPROVED, VOIDED)
  | 'no_capture' // COMPLETED order without a capture
  | 'custom_id_mismatch' // the capture belongs to another of our orders
  | 'currency_mismatch'
  | 'amount_mismatch'
  | 'pending' // capture PENDING: not paid yet, may settle later (webhook or re-check)
  | 'declined' // capture DECLINED or FAILED
  | 'capture_not_completed'; // REFUNDED, PARTIALLY_REFUNDED or another status

export type PaymentCheck =
  | { ok: true; captureId: string }
  | { ok: false; reason: PaymentCheckFailure; detail: string; captureId: string | undefined };

/**
 * Decides whether a captured PayPal order pays for the expected purchase (provider docs): order COMPLETED,
 * capture COMPLETED, exact currency and value (decimal strings, never floats) and our order id in `custom_id`.
 * Mismatches of identity or amount are reported before the capture status, so a wrong capture is never
 * mistaken for one that is merely pending. Grant credits keyed by `captureId`.
 */
export function checkCapturedPayment(args: { result: PayPalOrderSnapshot; expected: ExpectedPayment }): PaymentCheck {
  const { result, expected } = args;
  const capture = result.capture;
  const fail = (reason: PaymentCheckFailure, detail: string): PaymentCheck => ({ ok: false, reason, detail, captureId: capture?.id });

  if (!capture) {
    return result.orderStatus === 'COMPLETED'
      ? fail('no_capture', 'order is COMPLETED but has no capture')
      : fail('order_not_completed', `order status is ${result.orderStatus}`);
  }
  if (capture.customId !== expected.customId) {
    return fail('custom_id_mismatch', `custom_id is ${JSON.stringify(capture.customId)}, expected ${JSON.stringify(expected.customId)}`);
  }
  if (capture.amount.currency_code !== expected.currency) {
    return fail('currency_mismatch', `currency is ${capture.amount.currency_code}, expected ${expected.currency}`);
  }
  if (!decimalEquals(capture.amount.value, expected.value)) {
    return fail('amount_mismatch', `amount is ${capture.amount.value}, expected ${expected.value}`);
  }
  if (capture.status === 'PENDING') {
    return fail('pending', `capture is PENDING${capture.statusReason ? ` (${capture.statusReason})` : ''}`);
  }
  if (capture.status === 'DECLINED' || capture.status === 'FAILED') return fail('declined', `capture is ${capture.status}`);
  if (capture.status !== 'COMPLETED') return fail('capture_not_completed', `capture is ${capture.status}`);
  if (result.orderStatus !== 'COMPLETED') return fail('order_not_completed', `order status is ${result.orderStatus}`);
  return { ok: true, captureId: capture.id };
}
