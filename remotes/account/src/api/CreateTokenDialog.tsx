import { toFieldErrors } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, Dialog, DialogTrigger, Form, Modal, TextField, toast } from '@app/ui';
import { useState } from 'react';
import { serverMessage } from '../shared/serverMessage.ts';
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
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const submit = async () => {
    setPending(true);
    setError(null);
    try {
      const created = await createApiToken(name.trim());
      toast({ title: t('account.tokenCreated'), description: created.name, variant: 'success' });
      onCreated(created);
    } catch (failure) {
      setPending(false);
      setError(failure);
      toast({ title: t('account.createTokenFailed'), description: serverMessage(failure, t('account.genericError')), variant: 'error' });
    }
  };

  return (
    <Form
      validationErrors={toFieldErrors(error)}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
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
      <div className="account-dialog-actions">
        <Button variant="ghost" slot="close">
          {t('account.cancel')}
        </Button>
        <Button type="submit" isPending={pending}>
          {t('account.create')}
        </Button>
      </div>
    </Form>
  );
}
