import type { MessageKey } from '@app/i18n';
import type { PaymentMethod } from './paymentMethods.ts';

/** The spec's names of the methods ('Card, Bank & More', 'PayPal & Debit/Credit') and a short hint each. */
export const METHOD_LABELS: Record<PaymentMethod, { label: MessageKey; hint: MessageKey }> = {
  card: { label: 'billing.methodCard', hint: 'billing.methodCardHint' },
  paypal: { label: 'billing.methodPaypal', hint: 'billing.methodPaypalHint' },
};
