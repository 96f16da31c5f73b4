import { useMutation } from '@app/api-client';
import { INT32 } from '@app/contract/constants';
import { useT } from '@app/i18n';
import { TextField, toast } from '@app/ui';
import { FormDialog, Modal } from '@app/ui/dialog';
import { useState } from 'react';
import { creditsFromText, creditsText } from '../shared/creditsText.ts';
import type { ApiToken } from './tokensApi.ts';

/** A cap is a whole number of credits the API stores as a 32-bit integer. */
const capFromText = (text: string) => creditsFromText(text, INT32.max);

/** A token's caps form; each opening starts from the token's caps as they are (keyed by the caller). */
export function TokenCapsForm({
  token,
  isOpen,
  onOpenChange,
}: {
  token: ApiToken;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const [daily, setDaily] = useState(creditsText(token.dailyCreditCap));
  const [total, setTotal] = useState(creditsText(token.totalCreditCap));
  const save = useMutation('patch', '/api/user-tokens/{id}', {
    failure: t('account.capsFailed'),
    fallback: t('account.genericError'),
    invalidates: ['/api/user-tokens'],
    onSuccess: () => {
      onOpenChange(false);
      toast({ title: t('account.capsSaved'), description: token.name, variant: 'success' });
    },
  });
  const validate = (text: string) => (capFromText(text) === undefined ? t('account.capInvalid') : null);
  const submit = () => {
    const dailyCreditCap = capFromText(daily);
    const totalCreditCap = capFromText(total);
    if (dailyCreditCap === undefined || totalCreditCap === undefined) return;
    return save.trigger({ params: { path: { id: token.id } }, body: { dailyCreditCap, totalCreditCap } });
  };

  return (
    <Modal size="sm" isDismissable={!save.pending} isOpen={isOpen} onOpenChange={onOpenChange}>
      <FormDialog
        title={t('account.capsTitle')}
        submitLabel={t('account.capsSave')}
        cancelLabel={t('account.cancel')}
        pending={save.pending}
        validationBehavior="aria"
        validationErrors={save.fieldErrors}
        onSubmit={submit}
      >
        <p className="ui-muted">{t('account.capsBody')}</p>
        <TextField
          name="dailyCreditCap"
          label={t('account.capDailyLabel')}
          inputMode="numeric"
          value={daily}
          onChange={setDaily}
          validate={validate}
          autoFocus
        />
        <TextField
          name="totalCreditCap"
          label={t('account.capTotalLabel')}
          inputMode="numeric"
          value={total}
          onChange={setTotal}
          validate={validate}
        />
      </FormDialog>
    </Modal>
  );
}
