import { describe, expect, it } from 'vitest';
import { thresholdFromText } from './balanceAlert.ts';

describe('thresholdFromText', () => {
  it('reads empty as off, grouped digits in either language, and refuses the rest', () => {
    expect(thresholdFromText('  ')).toBeNull();
    expect(thresholdFromText('50')).toBe(50);
    expect(thresholdFromText('1,000')).toBe(1000);
    expect(thresholdFromText('1.000.000')).toBe(1_000_000);
    for (const text of ['0', '1000001', '-5', 'ten', '2e3', '2.5', '1,5']) expect(thresholdFromText(text)).toBeUndefined();
  });
});
