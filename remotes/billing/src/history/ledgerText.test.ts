import { describe, expect, it } from 'vitest';
import { ledgerText } from './ledgerText.ts';

const t = (key: string, vars?: Record<string, string | number>) => `${key} ${JSON.stringify(vars ?? {})}`;
const number = (value: number) => value.toLocaleString('vi-VN');

describe('ledgerText', () => {
  it('words an entry from its kind and particulars', () => {
    const purchase = {
      description: 'Purchased Popular (1200 credits) with card',
      event: { kind: 'purchase' as const, params: { packageName: 'Popular', credits: 1200, method: 'card' } },
    };
    expect(ledgerText(purchase, t as never, number)).toBe('billing.ledgerPurchase_card {"name":"Popular","count":1200}');
    const set = { description: '…', event: { kind: 'balance_set' as const, params: { from: 10, to: 1200, admin: 'root', reason: '' } } };
    expect(ledgerText(set, t as never, number)).toBe('billing.ledgerBalanceSet {"from":"10","to":"1.200","admin":"root","reason":""}');
  });

  it('keeps the English description of entries older than events, or of a kind it does not know', () => {
    expect(ledgerText({ description: 'Old entry', event: null }, t as never, number)).toBe('Old entry');
    const odd = { description: 'Odd', event: { kind: 'task_charge' as const, params: { taskKind: 'video', taskId: 't' } } };
    expect(ledgerText(odd, t as never, number)).toBe('Odd');
  });
});
