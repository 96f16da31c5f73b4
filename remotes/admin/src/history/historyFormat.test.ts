import { describe, expect, it } from 'vitest';
import { truncateDescription } from './historyFormat.ts';

describe('history formatting', () => {
  it('cuts descriptions longer than 50 characters and marks the cut', () => {
    const long = 'x'.repeat(51);
    expect(truncateDescription(long)).toBe(`${'x'.repeat(50)}...`);
    expect(truncateDescription('x'.repeat(50))).toBe('x'.repeat(50));
  });
});
