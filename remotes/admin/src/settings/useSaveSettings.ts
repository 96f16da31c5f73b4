import { api, type components, toMessage, unwrap, useInvalidate } from '@app/api-client';
import { useT } from '@app/i18n';
import { toast } from '@app/ui';
import { useState } from 'react';

export type SettingsUpdate = components['schemas']['AdminSettingsUpdate'];

/**
 * Saves part of the settings (the update is partial, so each card sends only its own fields)
 * and refreshes everything that reads them: the settings and the public prices. Keeps the last
 * error so the card can show the server's field messages.
 */
export function useSaveSettings() {
  const t = useT();
  const invalidate = useInvalidate();
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  async function save(body: SettingsUpdate): Promise<boolean> {
    setPending(true);
    setError(null);
    try {
      unwrap(await api.PUT('/api/admin/settings', { body }));
      toast({ title: t('admin.settingsUpdated'), variant: 'success' });
      await invalidate('/api/admin/settings', '/api/pricing/current');
      return true;
    } catch (err) {
      setError(err);
      toast({ title: t('admin.updateFailed'), description: toMessage(err, t('admin.tryAgainLater')), variant: 'error' });
      return false;
    } finally {
      setPending(false);
    }
  }

  return { save, error, pending };
}
