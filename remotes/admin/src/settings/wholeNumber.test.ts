import { describe, expect, it } from 'vitest';
import { parseWholeNumber } from './wholeNumber.ts';

describe('whole numbers typed in the page locale', () => {
  it('reads plain and grouped digits', () => {
    expect(parseWholeNumber('25', 'en-US')).toBe(25);
    expect(parseWholeNumber(' 1,000 ', 'en-US')).toBe(1000);
    expect(parseWholeNumber('1.000', 'vi-VN')).toBe(1000);
    expect(parseWholeNumber('0', 'en-US')).toBe(0);
  });

  it('refuses decimals, signs, letters and the empty field', () => {
    for (const bad of ['1.5', '-3', '+3', '12a', '', '  ', '1e3']) expect(parseWholeNumber(bad, 'en-US'), bad).toBeNaN();
    expect(parseWholeNumber('1,5', 'vi-VN')).toBeNaN();
  });
});
