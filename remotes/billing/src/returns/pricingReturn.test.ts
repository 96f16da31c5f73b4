import { describe, expect, it } from 'vitest';
import { readPricingReturn } from './pricingReturn.ts';

const read = (query: string) => readPricingReturn(new URLSearchParams(query));

describe('the payment parameter on /pricing', () => {
  it('is absent on a plain visit', () => {
    expect(read('')).toBeNull();
    expect(read('token=ABC')).toBeNull();
  });

  it('maps success, failed/error and cancelled to the three states', () => {
    expect(read('payment=success')).toEqual({ kind: 'status', status: 'success' });
    expect(read('payment=failed')).toEqual({ kind: 'status', status: 'failed' });
    expect(read('payment=error')).toEqual({ kind: 'status', status: 'failed' });
    expect(read('payment=cancelled&token=5O190127TN364715T')).toEqual({ kind: 'status', status: 'cancelled' });
  });

  it('asks for a capture when PayPal returns with an order id', () => {
    expect(read('payment=paypal_return&token=5O190127TN364715T&PayerID=PAYER1')).toEqual({ kind: 'paypal', token: '5O190127TN364715T' });
  });

  it('treats a PayPal return without a usable order id as a failed payment', () => {
    expect(read('payment=paypal_return')).toEqual({ kind: 'status', status: 'failed' });
    expect(read('payment=paypal_return&token=../../admin')).toEqual({ kind: 'status', status: 'failed' });
  });

  it('ignores values it does not know', () => {
    expect(read('payment=maybe')).toEqual({ kind: 'unknown' });
  });
});
