// A ledger entry in the reader's language, from what it records; entries older than that keep their English text.
// Shared by the user's history (billing) and the admin's (admin): one wording for both.
import type { Translate } from './translate.ts';

/** What a ledger entry carries for wording it (the contract's LedgerTransaction / AdminTransaction). */
export interface LedgerEntryText {
  description: string;
  event: { kind: string; params: Record<string, string | number> } | null;
}

/** Why a task's credits came back, as the server records it in a refund's `cause`. */
const REFUND_CAUSES = ['timed_out', 'no_provider', 'provider_lost', 'failed', 'admin'] as const;

export function ledgerText(entry: LedgerEntryText, t: Translate, number: (value: number) => string): string {
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
    case 'task_refund': {
      const cause = REFUND_CAUSES.find((known) => known === p.cause);
      // A provider's own message (or an entry older than causes) is shown as it was given.
      const reason = cause ? t(`billing.refundCause_${cause}`, { admin: text('admin') }) : text('reason');
      return t('billing.ledgerTaskRefund', { taskId: text('taskId'), reason });
    }
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
