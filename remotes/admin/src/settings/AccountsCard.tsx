import { LIMITS } from '@app/contract/constants';
import { useT } from '@app/i18n';
import { TextField } from '@app/ui';
import { useState } from 'react';
import { CreditNumberField } from './CreditNumberField.tsx';
import { SettingsCard } from './SettingsCard.tsx';
import type { SettingsCardBaseProps } from './settingsTypes.ts';
import { isOptionalHttpUrl } from './urlField.ts';
import { useSaveSettings } from './useSaveSettings.ts';

/** Starting credits for new accounts and the public address the image provider calls back on. */
export function AccountsCard({ settings }: SettingsCardBaseProps) {
  const t = useT();
  const { save, fieldErrors, pending } = useSaveSettings();
  const [startCredits, setStartCredits] = useState(settings.startCredits);
  const [callbackUrl, setCallbackUrl] = useState(settings.callbackUrl ?? '');

  const submit = () => save({ startCredits, callbackUrl: callbackUrl.trim() || null });

  return (
    <SettingsCard
      id="settings-general"
      title={t('admin.generalTitle')}
      description={t('admin.generalDescription')}
      onSubmit={submit}
      pending={pending}
      fieldErrors={fieldErrors}
    >
      <CreditNumberField
        name="startCredits"
        label={t('admin.startCredits')}
        description={t('admin.startCreditsHint')}
        value={startCredits}
        onChange={setStartCredits}
        min={0}
        max={LIMITS.startCreditsMax}
      />
      <TextField
        name="callbackUrl"
        label={t('admin.callbackUrl')}
        value={callbackUrl}
        onChange={setCallbackUrl}
        placeholder="https://studio.example.com"
        description={t('admin.callbackUrlHint')}
        validate={(value) => (isOptionalHttpUrl(value) ? null : t('admin.urlError'))}
      />
    </SettingsCard>
  );
}
