import type { ReturnStatus } from '../checkout/paymentToasts.ts';

/** What the `payment` parameter on /pricing asks for: show a status, or capture an approved PayPal order. */
export type PricingReturn = { kind: 'status'; status: ReturnStatus } | { kind: 'paypal'; token: string } | { kind: 'unknown' };

// PayPal order ids are short uppercase alphanumerics; anything else is not worth sending to the server.
const PAYPAL_TOKEN = /^[A-Za-z0-9-]{1,64}$/;

/** Reads `payment` (and PayPal's `token`); null when the address carries no payment parameter. */
export function readPricingReturn(params: URLSearchParams): PricingReturn | null {
  const payment = params.get('payment');
  if (payment === null) return null;
  switch (payment) {
    case 'success':
      return { kind: 'status', status: 'success' };
    case 'failed':
    case 'error':
      return { kind: 'status', status: 'failed' };
    case 'cancelled':
    case 'canceled':
      return { kind: 'status', status: 'cancelled' };
    case 'paypal_return': {
      const token = params.get('token') ?? '';
      return PAYPAL_TOKEN.test(token) ? { kind: 'paypal', token } : { kind: 'status', status: 'failed' };
    }
    default:
      return { kind: 'unknown' };
  }
}
