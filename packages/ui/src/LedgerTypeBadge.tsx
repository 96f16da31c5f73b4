import { type MessageKey, useT } from '@app/i18n';
import { Badge, type BadgeVariant } from './Badge.tsx';

/** Label and colour of each ledger entry type (the user's history and the admin's). */
const LOOK: Record<string, { label: MessageKey; variant: BadgeVariant }> = {
  purchase: { label: 'common.ledgerPurchase', variant: 'success' },
  refund: { label: 'common.ledgerRefund', variant: 'info' },
  usage: { label: 'common.ledgerUsage', variant: 'neutral' },
  bonus: { label: 'common.ledgerBonus', variant: 'accent' },
  adjustment: { label: 'common.ledgerAdjustment', variant: 'warning' },
};

/** A ledger entry's type as a coloured label; a type this UI does not know yet shows its raw name, neutral. */
export function LedgerTypeBadge({ type }: { type: string }) {
  const t = useT();
  const look = LOOK[type];
  return <Badge variant={look?.variant ?? 'neutral'}>{look ? t(look.label) : type}</Badge>;
}
