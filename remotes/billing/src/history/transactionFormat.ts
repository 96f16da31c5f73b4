import type { MessageKey } from '@app/i18n';
import type { BadgeVariant } from '@app/ui';

/** The user list shows descriptions up to 60 characters (spec 000 §9). */
export const DESCRIPTION_MAX = 60;

/** Cuts `text` to `max` characters, ending with an ellipsis when something was cut. */
export function truncate(text: string, max = DESCRIPTION_MAX): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

/** Credits with their sign: "+1,200" for what came in, "-5" for what went out. */
export function signedCredits(amount: number, locale: string): string {
  const digits = Math.abs(amount).toLocaleString(locale);
  if (amount > 0) return `+${digits}`;
  if (amount < 0) return `-${digits}`;
  return digits;
}

/** Label and badge colour of each ledger entry type; unknown types fall back to a neutral badge with the raw name. */
const TYPES: Record<string, { label: MessageKey; variant: BadgeVariant }> = {
  purchase: { label: 'billing.typePurchase', variant: 'success' },
  refund: { label: 'billing.typeRefund', variant: 'info' },
  usage: { label: 'billing.typeUsage', variant: 'neutral' },
  bonus: { label: 'billing.typeBonus', variant: 'accent' },
  adjustment: { label: 'billing.typeAdjustment', variant: 'warning' },
};

export function transactionType(type: string): { label?: MessageKey; variant: BadgeVariant } {
  return TYPES[type] ?? { variant: 'neutral' };
}
