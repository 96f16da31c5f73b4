import { describe, expect, it } from 'vitest';
import { creditsFromText, isValidCredits } from './userTypes.ts';

describe('credits entry', () => {
  it('reads whole numbers and nothing else (never a typo as 0)', () => {
    expect(creditsFromText(' 250 ')).toBe(250);
    expect(creditsFromText('0')).toBe(0);
    for (const typo of ['10abc', 'abc', '', ' ', '-3', '2.5', '1e3', '12,000']) expect(creditsFromText(typo), typo).toBeUndefined();
  });

  it('allows whole numbers of at least 0 only', () => {
    expect(isValidCredits(0)).toBe(true);
    expect(isValidCredits(1200)).toBe(true);
    expect(isValidCredits(-1)).toBe(false);
    expect(isValidCredits(2.5)).toBe(false);
  });
});
