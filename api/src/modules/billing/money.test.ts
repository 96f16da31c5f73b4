import { describe, expect, it } from 'vitest';
import { minorUnitsToPrice, priceToMinorUnits } from './money.ts';

describe('order money', () => {
  it('turns stored package prices into exact minor units', () => {
    expect(priceToMinorUnits('10.00')).toBe(1000);
    expect(priceToMinorUnits('19.99')).toBe(1999);
    expect(priceToMinorUnits('0.1')).toBe(10);
    expect(priceToMinorUnits('99999999.99')).toBe(9_999_999_999);
  });

  it('refuses what is not a two-decimal amount', () => {
    expect(() => priceToMinorUnits('1.005')).toThrow(RangeError);
    expect(() => priceToMinorUnits('-1.00')).toThrow(RangeError);
    expect(() => priceToMinorUnits('1e3')).toThrow(RangeError);
  });

  it('formats minor units as the decimal string providers expect', () => {
    expect(minorUnitsToPrice(1000)).toBe('10.00');
    expect(minorUnitsToPrice(5)).toBe('0.05');
    expect(minorUnitsToPrice(1999)).toBe('19.99');
  });
});
