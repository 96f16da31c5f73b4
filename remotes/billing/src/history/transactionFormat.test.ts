import { describe, expect, it } from 'vitest';
import { signedCredits, transactionType, truncate } from './transactionFormat.ts';

describe('transaction rows', () => {
  it('truncates descriptions after 60 characters', () => {
    const long = 'Generated an image from the prompt a banana astronaut floating in space';
    expect(truncate(long)).toBe(`${long.slice(0, 60)}…`);
    expect(truncate('x'.repeat(60))).toBe('x'.repeat(60));
    expect(truncate('short')).toBe('short');
  });

  it('signs credits that came in and went out', () => {
    expect(signedCredits(1200, 'en-US')).toBe('+1,200');
    expect(signedCredits(-5, 'en-US')).toBe('-5');
    expect(signedCredits(0, 'en-US')).toBe('0');
  });

  it('labels known types and keeps unknown ones neutral', () => {
    expect(transactionType('purchase')).toEqual({ label: 'billing.typePurchase', variant: 'success' });
    expect(transactionType('something-new')).toEqual({ variant: 'neutral' });
  });
});
