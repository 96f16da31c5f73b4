import type { components } from '@app/api-client';
import { type MessageKey, useT } from '@app/i18n';
import { Badge, type BadgeVariant } from '@app/ui';

type TransactionType = components['schemas']['AdminTransaction']['type'];

const LOOK: Record<TransactionType, { label: MessageKey; variant: BadgeVariant }> = {
  purchase: { label: 'admin.typePurchase', variant: 'success' },
  refund: { label: 'admin.typeRefund', variant: 'info' },
  usage: { label: 'admin.typeUsage', variant: 'neutral' },
  bonus: { label: 'admin.typeBonus', variant: 'accent' },
  adjustment: { label: 'admin.typeAdjustment', variant: 'warning' },
};

/** The ledger entry's kind as a coloured label. */
export function TransactionTypeBadge({ type }: { type: TransactionType }) {
  const t = useT();
  const look = LOOK[type];
  return <Badge variant={look.variant}>{t(look.label)}</Badge>;
}
