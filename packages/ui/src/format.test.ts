import { describe, expect, it } from 'vitest';
import { formatsFor } from './format.ts';

describe('formats', () => {
  const en = formatsFor('en-US');
  const vi = formatsFor('vi-VN');

  it('groups digits the way each language does', () => {
    expect(en.number(1200)).toBe('1,200');
    expect(vi.number(1200)).toBe('1.200');
  });

  it('signs ledger amounts that came in and went out, and leaves zero bare', () => {
    expect(en.signedNumber(1200)).toBe('+1,200');
    expect(en.signedNumber(-5)).toBe('-5');
    expect(en.signedNumber(0)).toBe('0');
    expect(vi.signedNumber(-1200)).toBe('-1.200');
  });

  it('writes dollars with cents', () => {
    expect(en.usd(9.9)).toBe('$9.90');
  });

  it('writes dates in the language and keeps a value that is not a date as it came', () => {
    const iso = '2024-05-01T10:00:00Z';
    expect(en.date(iso)).toBe('May 1, 2024');
    expect(en.longDate(iso)).toBe('May 1, 2024');
    expect(vi.longDate(iso)).toContain('2024');
    expect(vi.longDate(iso)).not.toBe(en.longDate(iso));
    expect(en.dateTime('not a date')).toBe('not a date');
    expect(vi.shortDateTime('')).toBe('');
  });
});
