import { describe, expect, it } from 'vitest';
import type { PayPalOrderSnapshot } from './client.ts';
import { decimalEquals, decimalToMinorUnits, minorUnitsToDecimal } from './money.ts';
import { checkCapturedPayment } from './verify.ts';

const expected = { customId: 'order-1', currency: 'USD', value: '10.00' };

const snapshot = (over: Partial<NonNullable<PayPalOrderSnapshot['capture']>> = {}, orderStatus = 'COMPLETED'): PayPalOrderSnapshot => ({
  orderId: 'PP1',
  orderStatus,
  referenceId: 'order-1',
  payerId: 'PAYER1',
  capture: {
    id: 'CAP1',
    status: 'COMPLETED',
    amount: { currency_code: 'USD', value: '10.00' },
    customId: 'order-1',
    statusReason: undefined,
    ...over,
  },
});

describe('checkCapturedPayment', () => {
  it('accepts a COMPLETED capture of the exact amount for our order', () => {
    expect(checkCapturedPayment({ result: snapshot(), expected })).toEqual({ ok: true, captureId: 'CAP1' });
  });

  it('compares values as decimals, not strings or floats', () => {
    expect(checkCapturedPayment({ result: snapshot({ amount: { currency_code: 'USD', value: '10.0' } }), expected }).ok).toBe(true);
    expect(checkCapturedPayment({ result: snapshot({ amount: { currency_code: 'USD', value: '10.01' } }), expected })).toMatchObject({
      ok: false,
      reason: 'amount_mismatch',
    });
    expect(checkCapturedPayment({ result: snapshot({ amount: { currency_code: 'USD', value: '1.00' } }), expected })).toMatchObject({
      reason: 'amount_mismatch',
    });
    // 0.1 + 0.2 style float drift must not slip through
    const e = { ...expected, value: '0.30' };
    expect(
      checkCapturedPayment({ result: snapshot({ amount: { currency_code: 'USD', value: String(0.1 + 0.2) } }), expected: e }),
    ).toMatchObject({
      reason: 'amount_mismatch',
    });
  });

  it('rejects another currency', () => {
    expect(checkCapturedPayment({ result: snapshot({ amount: { currency_code: 'EUR', value: '10.00' } }), expected })).toMatchObject({
      ok: false,
      reason: 'currency_mismatch',
    });
  });

  it('rejects a capture for another order (custom_id)', () => {
    expect(checkCapturedPayment({ result: snapshot({ customId: 'order-2' }), expected })).toMatchObject({
      ok: false,
      reason: 'custom_id_mismatch',
    });
    expect(checkCapturedPayment({ result: snapshot({ customId: undefined }), expected })).toMatchObject({ reason: 'custom_id_mismatch' });
  });

  it('reports mismatches before a pending status', () => {
    expect(checkCapturedPayment({ result: snapshot({ status: 'PENDING', customId: 'order-2' }), expected })).toMatchObject({
      reason: 'custom_id_mismatch',
    });
  });

  it('treats PENDING as pending and DECLINED/FAILED as declined', () => {
    expect(checkCapturedPayment({ result: snapshot({ status: 'PENDING', statusReason: 'PENDING_REVIEW' }), expected })).toEqual({
      ok: false,
      reason: 'pending',
      detail: 'capture is PENDING (PENDING_REVIEW)',
      captureId: 'CAP1',
    });
    expect(checkCapturedPayment({ result: snapshot({ status: 'DECLINED' }), expected })).toMatchObject({ reason: 'declined' });
    expect(checkCapturedPayment({ result: snapshot({ status: 'FAILED' }), expected })).toMatchObject({ reason: 'declined' });
    expect(checkCapturedPayment({ result: snapshot({ status: 'REFUNDED' }), expected })).toMatchObject({ reason: 'capture_not_completed' });
  });

  it('requires the order itself to be COMPLETED', () => {
    expect(checkCapturedPayment({ result: snapshot({}, 'APPROVED'), expected })).toMatchObject({
      ok: false,
      reason: 'order_not_completed',
    });
    expect(checkCapturedPayment({ result: { ...snapshot(), capture: null }, expected })).toMatchObject({ reason: 'no_capture' });
    expect(checkCapturedPayment({ result: { ...snapshot({}, 'APPROVED'), capture: null }, expected })).toMatchObject({
      reason: 'order_not_completed',
    });
  });
});

describe('money helpers', () => {
  it('compares decimal strings exactly', () => {
    expect(decimalEquals('10.00', '10')).toBe(true);
    expect(decimalEquals('010.50', '10.5')).toBe(true);
    expect(decimalEquals('10.05', '10.5')).toBe(false);
    expect(decimalEquals('1e1', '10')).toBe(false);
    expect(decimalEquals('-10', '-10')).toBe(false);
  });

  it('converts between minor units and decimal strings', () => {
    expect(minorUnitsToDecimal(1000)).toBe('10.00');
    expect(minorUnitsToDecimal(5)).toBe('0.05');
    expect(minorUnitsToDecimal(500, 0)).toBe('500');
    expect(decimalToMinorUnits('10.5')).toBe(1050);
    expect(decimalToMinorUnits('0.07')).toBe(7);
    expect(decimalToMinorUnits('19.990')).toBe(1999);
    expect(() => decimalToMinorUnits('10.001')).toThrow(RangeError);
    expect(() => decimalToMinorUnits('abc')).toThrow(RangeError);
    expect(() => minorUnitsToDecimal(10.5)).toThrow(RangeError);
  });
});
