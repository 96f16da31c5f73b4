import { type components, useMutation, useQuery } from '@app/api-client';
import { useT } from '@app/i18n';
import { TextField, toast } from '@app/ui';
import { FormDialog, Modal } from '@app/ui/dialog';
import { NativeSelect } from '@app/ui/native-select';
import { useState } from 'react';
import { creditsFromText } from '../shared/creditsText.ts';

type BalanceAlert = components['schemas']['BalanceAlert'];

/** The contract's highest threshold. */
const THRESHOLD_MAX = 1_000_000;
const thresholdFromText = (text: string) => creditsFromText(text, THRESHOLD_MAX);

/** The low-balance alert's form: the threshold, and an optional callback signed with one of the user's tokens. */
export function BalanceAlertForm({
  alert,
  isOpen,
  onOpenChange,
}: {
  alert: BalanceAlert;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const tokens = useQuery('/api/user-tokens', {}).data ?? [];
  const [threshold, setThreshold] = useState(alert.threshold === null ? '' : String(alert.threshold));
  const [url, setUrl] = useState(alert.callbackUrl ?? '');
  const [tokenId, setTokenId] = useState(alert.signingTokenId ?? '');
  const chosenToken = tokenId || tokens[0]?.id || '';
  const save = useMutation('put', '/api/account/balance-alert', {
    failure: t('account.alertFailed'),
    fallback: t('account.genericError'),
    // The header reads the threshold from the session user.
    invalidates: ['/api/account/balance-alert', '/api/auth/current-user'],
    onSuccess: () => {
      onOpenChange(false);
      toast({ title: t('account.alertSaved'), variant: 'success' });
    },
  });
  const validate = (text: string) => (thresholdFromText(text) === undefined ? t('account.alertThresholdInvalid') : null);
  const submit = () => {
    const value = thresholdFromText(threshold);
    if (value === undefined) return;
    const callbackUrl = url.trim() || null;
    return save.trigger({ body: { threshold: value, callbackUrl, signingTokenId: callbackUrl ? chosenToken || null : null } });
  };

  return (
    <Modal size="sm" isDismissable={!save.pending} isOpen={isOpen} onOpenChange={onOpenChange}>
      <FormDialog
        title={t('account.alertTitle')}
        submitLabel={t('account.alertSave')}
        cancelLabel={t('account.cancel')}
        pending={save.pending}
        validationBehavior="aria"
        validationErrors={save.fieldErrors}
        onSubmit={submit}
      >
        <p className="ui-muted">{t('account.alertFormBody')}</p>
        <TextField
          name="threshold"
          label={t('account.alertThresholdLabel')}
          description={t('account.alertThresholdHint')}
          inputMode="numeric"
          value={threshold}
          onChange={setThreshold}
          validate={validate}
          autoFocus
        />
        <TextField
          name="callbackUrl"
          type="url"
          label={t('account.alertUrlLabel')}
          description={t('account.alertUrlHint')}
          value={url}
          onChange={setUrl}
        />
        {url.trim() !== '' &&
          (tokens.length > 0 ? (
            <NativeSelect
              label={t('account.alertTokenLabel')}
              name="signingTokenId"
              options={tokens.map((token) => ({ id: token.id, label: token.name }))}
              value={chosenToken}
              onChange={setTokenId}
            />
          ) : (
            <p className="ui-muted">{t('account.alertNoTokens')}</p>
          ))}
      </FormDialog>
    </Modal>
  );
}
