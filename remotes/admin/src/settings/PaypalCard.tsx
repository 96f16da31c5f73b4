import { useT } from '@app/i18n';
import { Switch, TextField } from '@app/ui';
import { NativeSelect } from '@app/ui/native-select';
import { useState } from 'react';
import { EnabledBadge } from './EnabledBadge.tsx';
import { SecretField, secretUpdate } from './SecretField.tsx';
import { SettingsCard } from './SettingsCard.tsx';
import type { AdminSettings, SettingsCardBaseProps } from './settingsTypes.ts';
import { useSaveSettings } from './useSaveSettings.ts';

type PaypalEnvironment = AdminSettings['paypalEnvironment'];

/** PayPal: client id, client secret, sandbox or production, and the on switch. */
export function PaypalCard({ settings }: SettingsCardBaseProps) {
  const t = useT();
  const { save, fieldErrors, pending } = useSaveSettings();
  const [clientId, setClientId] = useState(settings.paypalClientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [environment, setEnvironment] = useState<PaypalEnvironment>(settings.paypalEnvironment);
  const [enabled, setEnabled] = useState(settings.paypalEnabled);

  const submit = async () => {
    const saved = await save({
      paypalClientId: clientId.trim() || null,
      paypalClientSecret: secretUpdate(clientSecret),
      paypalEnvironment: environment,
      paypalEnabled: enabled,
    });
    if (saved) setClientSecret('');
  };

  return (
    <SettingsCard
      id="settings-paypal"
      title={t('admin.paypalTitle')}
      description={t('admin.paypalDescription')}
      badge={<EnabledBadge enabled={settings.paypalEnabled} />}
      onSubmit={submit}
      pending={pending}
      fieldErrors={fieldErrors}
    >
      <TextField name="paypalClientId" label={t('admin.paypalClientId')} value={clientId} onChange={setClientId} autoComplete="off" />
      <SecretField
        name="paypalClientSecret"
        label={t('admin.paypalClientSecret')}
        isSet={settings.paypalClientSecretSet}
        hint={settings.paypalClientSecretHint}
        value={clientSecret}
        onChange={setClientSecret}
        onRemove={() => save({ paypalClientSecret: null })}
      />
      <NativeSelect
        name="creemEnvironment"
        label={t('admin.environment')}
        options={[
          { id: 'sandbox', label: t('admin.envSandbox') },
          { id: 'production', label: t('admin.envProduction') },
        ]}
        value={environment}
        onChange={setEnvironment}
      />
      <Switch name="paypalEnabled" isSelected={enabled} onChange={setEnabled} description={t('admin.paypalEnabledHint')}>
        {t('admin.paypalEnabled')}
      </Switch>
    </SettingsCard>
  );
}
