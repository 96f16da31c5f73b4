import { describe, expect, it } from 'vitest';
import { signedAmount, truncateDescription } from './historyFormat.ts';

describe('history formatting', () => {
  it('cuts descriptions longer than 50 characters and marks the cut', () => {
    const long = 'x'.repeat(51);
    expect(truncateDescription(long)).toBe(`${'x'.repeat(50)}...`);
    expect(truncateDescription('x'.repeat(50))).toBe('x'.repeat(50));
  });

  it('signs amounts', () => {
    const format = (n: number) => n.toLocaleString('en-US');
    expect(signedAmount(1200, format)).toBe('+1,200');
    expect(signedAmount(-5, format)).toBe('-5');
    expect(signedAmount(0, format)).toBe('0');
  });
});
