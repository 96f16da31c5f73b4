import { useMutation } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, TextField, toast } from '@app/ui';
import { Dialog, DialogTrigger, Modal } from '@app/ui/dialog';
import { useState } from 'react';
import { DialogFormActions } from '../shared/DialogFormActions.tsx';
import { SubmitForm } from '../shared/SubmitForm.tsx';
import type { CreatedApiToken } from './tokensApi.ts';

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
        <Dialog title={t('account.createTokenTitle')}>
          <CreateTokenForm
            onCreated={(token) => {
              setOpen(false);
              onCreated(token);
            }}
          />
        </Dialog>
      </Modal>
    </DialogTrigger>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const t = useT();
  const [name, setName] = useState('');
  const create = useMutation('post', '/api/user-tokens', {
    failure: t('account.createTokenFailed'),
    fallback: t('account.genericError'),
    invalidates: ['/api/user-tokens'],
    onSuccess: (created) => {
      toast({ title: t('account.tokenCreated'), description: created.name, variant: 'success' });
      onCreated(created);
    },
  });
  const submit = () => create.trigger({ body: { name: name.trim() } });

  return (
    <SubmitForm validationErrors={create.fieldErrors} onSubmit={submit}>
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
      <DialogFormActions submitLabel={t('account.create')} pending={create.pending} />
    </SubmitForm>
  );
}
