import { useT } from '@app/i18n';
import { Button, TextField, toast } from '@app/ui';
import { DialogTrigger, FormDialog, Modal } from '@app/ui/dialog';
import { useState } from 'react';
import { useSubmission } from '../shared/useSubmission.ts';
import { type CreatedApiToken, createApiToken } from './tokensApi.ts';

/** The Create Token button and its dialog; the new token goes to `onCreated` to be shown once. */
export function CreateTokenDialog({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const t = useT();
  const [isOpen, setOpen] = useState(false);
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button className="tokens-create account-icon-button">
        <span aria-hidden="true" className="tokens-create-plus">
          +
        </span>
        {t('account.createToken')}
      </Button>
      <Modal size="sm" isDismissable>
        <CreateTokenForm
          onCreated={(token) => {
            setOpen(false);
            onCreated(token);
          }}
        />
      </Modal>
    </DialogTrigger>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const t = useT();
  const [name, setName] = useState('');
  const { pending, fieldErrors, submit } = useSubmission(async () => {
    const created = await createApiToken(name.trim());
    toast({ title: t('account.tokenCreated'), description: created.name, variant: 'success' });
    onCreated(created);
  }, 'account.createTokenFailed');

  return (
    <FormDialog
      title={t('account.createTokenTitle')}
      submitLabel={t('account.create')}
      cancelLabel={t('account.cancel')}
      pending={pending}
      validationErrors={fieldErrors}
      onSubmit={submit}
    >
      <TextField
        name="name"
        label={t('account.tokenName')}
        placeholder={t('account.tokenNamePlaceholder')}
        description={t('account.tokenNameHint')}
        autoFocus
        value={name}
        onChange={setName}
        validate={(value) => (value.trim() ? null : t('account.tokenNameRequired'))}
      />
    </FormDialog>
  );
}
