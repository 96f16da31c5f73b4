import { type MessageKey, useT } from '@app/i18n';
import { Badge, type BadgeVariant } from './Badge.tsx';

/** The colour of each ledger entry type, in the user's history and the admin's. */
export const LEDGER_TYPE_VARIANTS = {
  purchase: 'success',
  refund: 'info',
  usage: 'neutral',
  bonus: 'accent',
  adjustment: 'warning',
} as const satisfies Record<string, BadgeVariant>;

export type LedgerType = keyof typeof LEDGER_TYPE_VARIANTS;

/**
 * The catalogues that name the ledger types: each page's own (`billing.typePurchase`, `admin.typeRefund`...),
 * so a page that shows no ledger carries none of the labels. A domain missing one of them is a type error.
 */
export type LedgerDomain = {
  [D in 'admin' | 'billing']: `${D}.type${Capitalize<LedgerType>}` extends MessageKey ? D : never;
}['admin' | 'billing'];

/** The message key of `type`'s label, or undefined for a type this UI does not know yet. */
export function ledgerTypeLabel(domain: LedgerDomain, type: string): MessageKey | undefined {
  if (!Object.hasOwn(LEDGER_TYPE_VARIANTS, type)) return undefined;
  return `${domain}.type${type.charAt(0).toUpperCase()}${type.slice(1)}` as MessageKey;
}

/** A ledger entry's type as a coloured label; a type this UI does not know yet shows its raw name, neutral. */
export function LedgerTypeBadge({ type, domain }: { type: string; domain: LedgerDomain }) {
  const t = useT();
  const label = ledgerTypeLabel(domain, type);
  const variant: BadgeVariant = label ? LEDGER_TYPE_VARIANTS[type as LedgerType] : 'neutral';
  return <Badge variant={variant}>{label ? t(label) : type}</Badge>;
}
