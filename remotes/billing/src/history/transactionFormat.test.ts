import { describe, expect, it } from 'vitest';
import { truncate } from './transactionFormat.ts';

describe('transaction rows', () => {
  it('truncates descriptions after 60 characters', () => {
    const long = 'Generated an image from the prompt a banana astronaut floating in space';
    expect(truncate(long)).toBe(`${long.slice(0, 60)}…`);
    expect(truncate('x'.repeat(60))).toBe('x'.repeat(60));
    expect(truncate('short')).toBe('short');
  });
});
