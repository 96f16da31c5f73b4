import { describe, expect, it } from 'vitest';
import { exactDollars, pricePerCredit, wholeDollars } from './price.ts';

describe('package prices', () => {
  it('rounds the headline price to whole dollars', () => {
    expect(wholeDollars(9.99)).toBe('$10');
    expect(wholeDollars(24.49)).toBe('$24');
  });

  it('shows the price per credit with three decimals', () => {
    expect(pricePerCredit(10, 500)).toBe('$0.020');
    expect(pricePerCredit(9.99, 1000)).toBe('$0.010');
    expect(pricePerCredit(5, 0)).toBe('$0.000');
  });

  it('shows the amount charged with cents', () => {
    expect(exactDollars(9.99)).toBe('$9.99');
    expect(exactDollars(10)).toBe('$10.00');
  });
});
