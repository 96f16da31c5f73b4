import { useMutation } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, TextField, toast } from '@app/ui';
import { useState } from 'react';
import { SecretField, secretUpdate } from './SecretField.tsx';
import { SettingsCard } from './SettingsCard.tsx';
import type { SettingsCardBaseProps } from './settingsTypes.ts';

/** The notification bot: its own save call and a test message to the chat. */
export function TelegramCard({ settings }: SettingsCardBaseProps) {
  const t = useT();
  const [botToken, setBotToken] = useState('');
  const [chatId, setChatId] = useState(settings.telegramChatId ?? '');
  const save = useMutation('put', '/api/admin/settings/telegram', {
    failure: t('admin.updateFailed'),
    fallback: t('admin.tryAgainLater'),
    invalidates: ['/api/admin/settings'],
    onSuccess: () => {
      setBotToken('');
      toast({ title: t('admin.telegramUpdated'), variant: 'success' });
    },
  });
  const test = useMutation('post', '/api/test-telegram', {
    failure: t('admin.telegramTestFailed'),
    fallback: t('admin.tryAgainLater'),
    onSuccess: ({ message }) => toast({ title: t('admin.telegramTest'), description: message, variant: 'success' }),
  });

  const submit = () => save.trigger({ body: { telegramBotToken: secretUpdate(botToken), telegramChatId: chatId.trim() || null } });

  return (
    <SettingsCard
      id="settings-telegram"
      title={t('admin.telegramTitle')}
      description={t('admin.telegramDescription')}
      onSubmit={submit}
      pending={save.pending}
      fieldErrors={save.fieldErrors}
      submitLabel={t('admin.telegramSave')}
      extraActions={
        <Button variant="secondary" onPress={() => test.trigger()} isPending={test.pending}>
          {t('admin.telegramTestButton')}
        </Button>
      }
    >
      <SecretField
        name="telegramBotToken"
        label={t('admin.telegramBotToken')}
        isSet={settings.telegramBotTokenSet}
        hint={settings.telegramBotTokenHint}
        value={botToken}
        onChange={setBotToken}
        onRemove={() => save.trigger({ body: { telegramBotToken: null } })}
      />
      <TextField
        name="telegramChatId"
        label={t('admin.telegramChatId')}
        value={chatId}
        onChange={setChatId}
        placeholder="-1001234567890"
        description={t('admin.telegramChatIdHint')}
      />
    </SettingsCard>
  );
}
