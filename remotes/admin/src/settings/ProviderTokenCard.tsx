import { useT } from '@app/i18n';
import { useState } from 'react';
import { SecretField, secretUpdate } from './SecretField.tsx';
import { SettingsCard } from './SettingsCard.tsx';
import type { SettingsCardBaseProps } from './settingsTypes.ts';
import { useSaveSettings } from './useSaveSettings.ts';

/** The fallback KIE token, used when no provider account is configured. */
export function ProviderTokenCard({ settings }: SettingsCardBaseProps) {
  const t = useT();
  const { save, fieldErrors, pending } = useSaveSettings();
  const [kieToken, setKieToken] = useState('');
  const submit = async () => {
    if (await save({ kieToken: secretUpdate(kieToken) })) setKieToken('');
  };
  return (
    <SettingsCard
      id="settings-provider"
      title={t('admin.providerTitle')}
      description={t('admin.providerDescription')}
      onSubmit={submit}
      pending={pending}
      fieldErrors={fieldErrors}
    >
      <SecretField
        name="kieToken"
        label={t('admin.kieToken')}
        isSet={settings.kieTokenSet}
        hint={settings.kieTokenHint}
        value={kieToken}
        onChange={setKieToken}
        onRemove={() => save({ kieToken: null })}
      />
    </SettingsCard>
  );
}
