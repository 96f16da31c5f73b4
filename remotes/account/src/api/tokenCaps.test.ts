import { describe, expect, it } from 'vitest';
import { capFromText, capText } from './tokenCaps.ts';

describe('capFromText', () => {
  it('reads empty as no cap and a whole positive number as the cap', () => {
    expect(capFromText('  ')).toBeNull();
    expect(capFromText(' 250 ')).toBe(250);
    expect(capText(null)).toBe('');
    expect(capText(250)).toBe('250');
  });

  it('refuses what is not a whole number above 0', () => {
    for (const text of ['0', '-5', '2.5', '10abc', '1e3', '99999999999']) expect(capFromText(text), text).toBeUndefined();
  });
});
