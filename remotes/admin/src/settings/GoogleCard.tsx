import { useT } from '@app/i18n';
import { Switch, TextField } from '@app/ui';
import { useState } from 'react';
import { EnabledBadge } from './EnabledBadge.tsx';
import { SecretField, secretUpdate } from './SecretField.tsx';
import { SettingsCard } from './SettingsCard.tsx';
import type { SettingsCardBaseProps } from './settingsTypes.ts';
import { isOptionalHttpUrl } from './urlField.ts';
import { useSaveSettings } from './useSaveSettings.ts';

/** Google sign-in: client id, client secret, redirect address and the on switch. */
export function GoogleCard({ settings }: SettingsCardBaseProps) {
  const t = useT();
  const { save, fieldErrors, pending } = useSaveSettings();
  const [clientId, setClientId] = useState(settings.googleClientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [redirectUri, setRedirectUri] = useState(settings.googleRedirectUri ?? '');
  const [enabled, setEnabled] = useState(settings.googleAuthEnabled);

  const submit = async () => {
    const saved = await save({
      googleClientId: clientId.trim() || null,
      googleClientSecret: secretUpdate(clientSecret),
      googleRedirectUri: redirectUri.trim() || null,
      googleAuthEnabled: enabled,
    });
    if (saved) setClientSecret('');
  };

  return (
    <SettingsCard
      id="settings-google"
      title={t('admin.googleTitle')}
      description={t('admin.googleDescription')}
      badge={<EnabledBadge enabled={settings.googleAuthEnabled} />}
      onSubmit={submit}
      pending={pending}
      fieldErrors={fieldErrors}
    >
      <TextField name="googleClientId" label={t('admin.googleClientId')} value={clientId} onChange={setClientId} autoComplete="off" />
      <SecretField
        name="googleClientSecret"
        label={t('admin.googleClientSecret')}
        isSet={settings.googleClientSecretSet}
        hint={settings.googleClientSecretHint}
        value={clientSecret}
        onChange={setClientSecret}
        onRemove={() => save({ googleClientSecret: null })}
      />
      <TextField
        name="googleRedirectUri"
        label={t('admin.googleRedirectUri')}
        value={redirectUri}
        onChange={setRedirectUri}
        placeholder="https://example.com/api/auth/google/callback"
        description={t('admin.googleRedirectUriHint')}
        validate={(value) => (isOptionalHttpUrl(value) ? null : t('admin.urlError'))}
      />
      <Switch name="googleAuthEnabled" isSelected={enabled} onChange={setEnabled}>
        {t('admin.googleEnabled')}
      </Switch>
    </SettingsCard>
  );
}
