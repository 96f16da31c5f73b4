import { describe, expect, it } from 'vitest';
import { ledgerText } from './ledger-text.ts';

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

describe('ledgerText of a refund', () => {
  const refund = (params: Record<string, string>) => ({ description: 'Refund…', event: { kind: 'task_refund', params } });

  it("words our own causes and an admin's refund, and shows a provider's message as given", () => {
    expect(ledgerText(refund({ taskId: 'tsk_1', reason: 'x', cause: 'timed_out' }), t as never, number)).toBe(
      'billing.ledgerTaskRefund {"taskId":"tsk_1","reason":"billing.refundCause_timed_out {\\"admin\\":\\"\\"}"}',
    );
    expect(
      ledgerText(refund({ taskId: 'tsk_2', reason: 'refunded by admin root', cause: 'admin', admin: 'root' }), t as never, number),
    ).toBe('billing.ledgerTaskRefund {"taskId":"tsk_2","reason":"billing.refundCause_admin {\\"admin\\":\\"root\\"}"}');
    expect(ledgerText(refund({ taskId: 'tsk_3', reason: 'Content policy', cause: 'provider' }), t as never, number)).toBe(
      'billing.ledgerTaskRefund {"taskId":"tsk_3","reason":"Content policy"}',
    );
  });
});
