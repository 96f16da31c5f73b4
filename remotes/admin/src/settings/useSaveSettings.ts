import { type components, useMutation } from '@app/api-client';
import { useT } from '@app/i18n';
import { toast } from '@app/ui';

export type SettingsUpdate = components['schemas']['AdminSettingsUpdate'];

/**
 * Saves part of the settings (the update is partial, so each card sends only its own fields)
 * and refreshes everything that reads them: the settings and the public prices. Keeps the last
 * failure's field messages for the card.
 */
export function useSaveSettings() {
  const t = useT();
  const { trigger, fieldErrors, pending } = useMutation('put', '/api/admin/settings', {
    failure: t('admin.updateFailed'),
    fallback: t('admin.tryAgainLater'),
    invalidates: ['/api/admin/settings', '/api/pricing/current'],
    onSuccess: () => toast({ title: t('admin.settingsUpdated'), variant: 'success' }),
  });
  const save = (body: SettingsUpdate) => trigger({ body });
  return { save, fieldErrors, pending };
}
