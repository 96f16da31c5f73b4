import { describe, expect, it } from 'vitest';
import { creditsFromText, isValidCredits } from './userTypes.ts';

describe('credits entry', () => {
  it('reads numbers and turns anything else into 0', () => {
    expect(creditsFromText(' 250 ')).toBe(250);
    expect(creditsFromText('abc')).toBe(0);
    expect(creditsFromText('')).toBe(0);
    expect(creditsFromText('-3')).toBe(-3);
  });

  it('allows whole numbers of at least 0 only', () => {
    expect(isValidCredits(0)).toBe(true);
    expect(isValidCredits(1200)).toBe(true);
    expect(isValidCredits(-1)).toBe(false);
    expect(isValidCredits(2.5)).toBe(false);
  });
});
