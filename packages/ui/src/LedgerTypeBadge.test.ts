import { describe, expect, it } from 'vitest';
import { ledgerTypeLabel } from './LedgerTypeBadge.tsx';

describe('ledger type labels', () => {
  it("name each known type from the page's own catalogue", () => {
    expect(ledgerTypeLabel('billing', 'purchase')).toBe('billing.typePurchase');
    expect(ledgerTypeLabel('admin', 'adjustment')).toBe('admin.typeAdjustment');
  });

  it('leave a type this UI does not know, or an inherited name, without a label', () => {
    expect(ledgerTypeLabel('billing', 'something-new')).toBeUndefined();
    expect(ledgerTypeLabel('admin', 'toString')).toBeUndefined();
  });
});
