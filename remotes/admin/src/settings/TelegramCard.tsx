import { api, toMessage, unwrap, useInvalidate } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, TextField, toast } from '@app/ui';
import { useState } from 'react';
import { SecretField, secretUpdate } from './SecretField.tsx';
import { SettingsCard } from './SettingsCard.tsx';
import type { SettingsCardBaseProps } from './settingsTypes.ts';

/** The notification bot: its own save call and a test message to the chat. */
export function TelegramCard({ settings }: SettingsCardBaseProps) {
  const t = useT();
  const invalidate = useInvalidate();
  const [botToken, setBotToken] = useState('');
  const [chatId, setChatId] = useState(settings.telegramChatId ?? '');
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);

  const submit = async () => {
    setSaving(true);
    setError(null);
    try {
      unwrap(
        await api.PUT('/api/admin/settings/telegram', {
          body: { telegramBotToken: secretUpdate(botToken), telegramChatId: chatId.trim() || null },
        }),
      );
      setBotToken('');
      toast({ title: t('admin.telegramUpdated'), variant: 'success' });
      await invalidate('/api/admin/settings');
    } catch (err) {
      setError(err);
      toast({ title: t('admin.updateFailed'), description: toMessage(err, t('admin.tryAgainLater')), variant: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const sendTest = async () => {
    setTesting(true);
    try {
      const { message } = unwrap(await api.POST('/api/test-telegram'));
      toast({ title: t('admin.telegramTest'), description: message, variant: 'success' });
    } catch (err) {
      toast({ title: t('admin.telegramTestFailed'), description: toMessage(err, t('admin.tryAgainLater')), variant: 'error' });
    } finally {
      setTesting(false);
    }
  };

  return (
    <SettingsCard
      id="settings-telegram"
      title={t('admin.telegramTitle')}
      description={t('admin.telegramDescription')}
      onSubmit={submit}
      pending={saving}
      error={error}
      submitLabel={t('admin.telegramSave')}
      extraActions={
        <Button variant="secondary" onPress={sendTest} isPending={testing}>
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
