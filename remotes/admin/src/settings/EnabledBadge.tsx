import { useT } from '@app/i18n';
import { Badge } from '@app/ui';

/** Whether a payment method or sign-in option is switched on, as stored (not as edited). */
export function EnabledBadge({ enabled }: { enabled: boolean }) {
  const t = useT();
  return <Badge variant={enabled ? 'success' : 'neutral'}>{enabled ? t('admin.enabled') : t('admin.disabled')}</Badge>;
}
