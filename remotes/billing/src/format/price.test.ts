import { describe, expect, it } from 'vitest';
import { pricesFor } from './price.ts';

describe('package prices', () => {
  const en = pricesFor('en-US');
  const vi = pricesFor('vi-VN');

  it('rounds the headline price to whole dollars', () => {
    expect(en.wholeDollars(9.99)).toBe('$10');
    expect(en.wholeDollars(24.49)).toBe('$24');
  });

  it('shows the price per credit with three decimals', () => {
    expect(en.pricePerCredit(10, 500)).toBe('$0.020');
    expect(en.pricePerCredit(9.99, 1000)).toBe('$0.010');
    expect(en.pricePerCredit(5, 0)).toBe('$0.000');
  });

  it('shows the amount charged with cents', () => {
    expect(en.exactDollars(9.99)).toBe('$9.99');
    expect(en.exactDollars(10)).toBe('$10.00');
  });

  it('writes Vietnamese prices with the decimal comma its credit counts use, not an English point', () => {
    expect(vi.pricePerCredit(9.99, 1000)).toMatch(/^0,010\s?US\$$/);
    expect(vi.exactDollars(1234.5)).toMatch(/^1\.234,50\s?US\$$/);
  });
});
