import type { MessageKey } from '@app/i18n';
import type { PaymentMethod } from './paymentMethods.ts';

/** The spec's names of the methods ('Card, Bank & More', 'PayPal & Debit/Credit') and a short hint each. */
export const METHOD_LABELS: Record<PaymentMethod, { label: MessageKey; hint: MessageKey }> = {
  card: { label: 'billing.methodCard', hint: 'billing.methodCardHint' },
  paypal: { label: 'billing.methodPaypal', hint: 'billing.methodPaypalHint' },
};

/** Without payment keys (outside production) the card checkout is the sandbox's: say so wherever it is offered. */
const SANDBOX_LABEL = { label: 'billing.methodSandbox', hint: 'billing.methodSandboxHint' } as const satisfies {
  label: MessageKey;
  hint: MessageKey;
};

/** The label and hint of a method as offered now. */
export function methodLabel(method: PaymentMethod, sandbox: boolean): { label: MessageKey; hint: MessageKey } {
  return sandbox && method === 'card' ? SANDBOX_LABEL : METHOD_LABELS[method];
}
