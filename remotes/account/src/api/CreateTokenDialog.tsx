import { useMutation } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, TextField, toast } from '@app/ui';
import { useState } from 'react';
import { type DialogKit, useLazyDialog } from '../shared/useLazyDialog.ts';
import type { CreatedApiToken } from './tokensApi.ts';

/** The Create Token button and its dialog; the new token goes to `onCreated` to be shown once. */
export function CreateTokenDialog({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const t = useT();
  const { isOpen, setOpen, kit, open, triggerProps } = useLazyDialog();
  return (
    <>
      <Button className="tokens-create account-icon-button" {...triggerProps} onPress={() => void open()}>
        <span aria-hidden="true" className="tokens-create-plus">
          +
        </span>
        {t('account.createToken')}
      </Button>
      {kit && (
        <kit.Modal size="sm" isDismissable isOpen={isOpen} onOpenChange={setOpen}>
          <CreateTokenForm
            kit={kit}
            onCreated={(token) => {
              setOpen(false);
              onCreated(token);
            }}
          />
        </kit.Modal>
      )}
    </>
  );
}

function CreateTokenForm({ kit, onCreated }: { kit: DialogKit; onCreated: (token: CreatedApiToken) => void }) {
  const t = useT();
  const [name, setName] = useState('');
  const create = useMutation('post', '/api/user-tokens', {
    failure: t('account.createTokenFailed'),
    fallback: t('account.genericError'),
    invalidates: ['/api/user-tokens'],
    // A double press of Create makes one token: the repeat waits for the first answer.
    idempotent: true,
    onSuccess: (created) => {
      toast({ title: t('account.tokenCreated'), description: created.name, variant: 'success' });
      onCreated(created);
    },
  });

  return (
    <kit.FormDialog
      title={t('account.createTokenTitle')}
      submitLabel={t('account.create')}
      cancelLabel={t('account.cancel')}
      pending={create.pending}
      validationErrors={create.fieldErrors}
      onSubmit={() => create.trigger({ body: { name: name.trim() } })}
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
    </kit.FormDialog>
  );
}
