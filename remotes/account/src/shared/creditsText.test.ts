import { describe, expect, it } from 'vitest';
import { creditsFromText, creditsText } from './creditsText.ts';

describe('creditsFromText', () => {
  it('reads empty as none, plain or grouped digits in either language, up to the field’s highest', () => {
    expect(creditsFromText('  ', 100)).toBeNull();
    expect(creditsFromText(' 50 ', 100)).toBe(50);
    expect(creditsFromText('1,000', 1_000_000)).toBe(1000);
    expect(creditsFromText('1.000.000', 1_000_000)).toBe(1_000_000);
    expect(creditsFromText('2 500', 1_000_000)).toBe(2500);
    expect(creditsText(null)).toBe('');
    expect(creditsText(250)).toBe('250');
  });

  it('refuses what is not a whole number from 1 to the highest', () => {
    for (const text of ['0', '1000001', '-5', 'ten', '2e3', '2.5', '1,5', '10abc', '1,00,000', '99999999999']) {
      expect(creditsFromText(text, 1_000_000), text).toBeUndefined();
    }
  });
});
