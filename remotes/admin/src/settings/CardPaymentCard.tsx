import { useT } from '@app/i18n';
import { Switch } from '@app/ui';
import { NativeSelect } from '@app/ui/native-select';
import { useState } from 'react';
import { EnabledBadge } from './EnabledBadge.tsx';
import { SecretField, secretUpdate } from './SecretField.tsx';
import { SettingsCard } from './SettingsCard.tsx';
import type { AdminSettings, SettingsCardBaseProps } from './settingsTypes.ts';
import { useSaveSettings } from './useSaveSettings.ts';

type CreemEnvironment = AdminSettings['creemEnvironment'];

/** The card payment provider (Creem): API key, environment, webhook secret and the on switch. */
export function CardPaymentCard({ settings }: SettingsCardBaseProps) {
  const t = useT();
  const { save, fieldErrors, pending } = useSaveSettings();
  const [apiKey, setApiKey] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const [environment, setEnvironment] = useState<CreemEnvironment>(settings.creemEnvironment);
  const [enabled, setEnabled] = useState(settings.creemEnabled);

  const submit = async () => {
    const saved = await save({
      creemApiKey: secretUpdate(apiKey),
      creemWebhookSecret: secretUpdate(webhookSecret),
      creemEnvironment: environment,
      creemEnabled: enabled,
    });
    if (saved) {
      setApiKey('');
      setWebhookSecret('');
    }
  };

  return (
    <SettingsCard
      id="settings-card-payments"
      title={t('admin.creemTitle')}
      description={t('admin.creemDescription')}
      badge={<EnabledBadge enabled={settings.creemEnabled} />}
      onSubmit={submit}
      pending={pending}
      fieldErrors={fieldErrors}
    >
      <SecretField
        name="creemApiKey"
        label={t('admin.creemApiKey')}
        isSet={settings.creemApiKeySet}
        hint={settings.creemApiKeyHint}
        value={apiKey}
        onChange={setApiKey}
        onRemove={() => save({ creemApiKey: null })}
      />
      <NativeSelect
        name="creemEnvironment"
        label={t('admin.environment')}
        options={[
          { id: 'test', label: t('admin.envTest') },
          { id: 'prod', label: t('admin.envProd') },
        ]}
        value={environment}
        onChange={setEnvironment}
      />
      <SecretField
        name="creemWebhookSecret"
        label={t('admin.creemWebhookSecret')}
        isSet={settings.creemWebhookSecretSet}
        hint={settings.creemWebhookSecretHint}
        value={webhookSecret}
        onChange={setWebhookSecret}
        onRemove={() => save({ creemWebhookSecret: null })}
      />
      <Switch name="creemEnabled" isSelected={enabled} onChange={setEnabled} description={t('admin.creemEnabledHint')}>
        {t('admin.creemEnabled')}
      </Switch>
    </SettingsCard>
  );
}
