// A ledger entry in the reader's language, from what it records; entries older than that keep their English text.
import type { components } from '@app/api-client';
import type { Translate } from '@app/i18n';

type Entry = Pick<components['schemas']['LedgerTransaction'], 'description' | 'event'>;

export function ledgerText(entry: Entry, t: Translate, number: (value: number) => string): string {
  const event = entry.event;
  if (!event) return entry.description;
  const p = event.params;
  const text = (key: string) => String(p[key] ?? '');
  const count = Number(p.credits ?? 0);
  switch (event.kind) {
    case 'task_charge': {
      const kind = text('taskKind');
      if (kind !== 'text_to_image' && kind !== 'edit_image' && kind !== 'upscale') return entry.description;
      return t(`billing.ledgerTask_${kind}`, { taskId: text('taskId') });
    }
    case 'task_refund':
      return t('billing.ledgerTaskRefund', { taskId: text('taskId'), reason: text('reason') });
    case 'purchase': {
      const method = text('method');
      if (method !== 'card' && method !== 'paypal' && method !== 'sandbox') return entry.description;
      return t(`billing.ledgerPurchase_${method}`, { name: text('packageName'), count });
    }
    case 'payment_refunded':
      return t('billing.ledgerPaymentRefunded', { name: text('packageName'), count });
    case 'payment_disputed':
      return t('billing.ledgerPaymentDisputed', { name: text('packageName'), count });
    case 'balance_set': {
      const vars = { from: number(Number(p.from)), to: number(Number(p.to)), admin: text('admin'), reason: text('reason') };
      return t(vars.reason ? 'billing.ledgerBalanceSetReason' : 'billing.ledgerBalanceSet', vars);
    }
    case 'signup_bonus':
      return t('billing.ledgerSignupBonus');
    default:
      return entry.description;
  }
}
