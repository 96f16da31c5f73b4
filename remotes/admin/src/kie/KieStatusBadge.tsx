import { useT } from '@app/i18n';
import { Badge } from '@app/ui';
import type { KieApiAccount } from './kieTypes.ts';

/** Available (at least 400 credits, spec 001 §4) or Low Credits, as the server labels the account. */
export function KieStatusBadge({ status }: { status: KieApiAccount['status'] }) {
  const t = useT();
  return status === 'available' ? (
    <Badge variant="success" data-testid="kie-status">
      {t('adminManage.kieAvailable')}
    </Badge>
  ) : (
    <Badge variant="warning" data-testid="kie-status">
      {t('adminManage.kieLowCredits')}
    </Badge>
  );
}
