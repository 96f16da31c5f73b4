import { useMutation } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, PasswordField, toast } from '@app/ui';
import { DialogTrigger, FormDialog, Modal } from '@app/ui/dialog';
import { useState } from 'react';
import { checkPasswordChange, type PasswordChange } from './passwordChange.ts';

const EMPTY: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The change-password button and its dialog (PUT /api/user/change-password). `onChanged` asks for the user again with
 * the new session's cookie, which the answer brought (the old session ended with the change).
 */
export function ChangePasswordDialog({ onChanged }: { onChanged: () => void }) {
  const t = useT();
  const [isOpen, setOpen] = useState(false);
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button variant="secondary">{t('account.changePassword')}</Button>
      <Modal size="sm" isDismissable>
        <ChangePasswordForm
          onDone={() => {
            setOpen(false);
            onChanged();
          }}
        />
      </Modal>
    </DialogTrigger>
  );
}

/** Mounted with the dialog, so every opening starts empty. */
function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useMutation('put', '/api/user/change-password', {
    failure: t('account.passwordChangeFailed'),
    fallback: t('account.genericError'),
    onSuccess: () => {
      toast({ title: t('account.passwordChanged'), description: t('account.passwordChangedBody'), variant: 'success' });
      onDone();
    },
  });
  const field = (name: keyof PasswordChange) => ({
    name,
    value: values[name],
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
  });

  const submit = async () => {
    const problems = Object.entries(checkPasswordChange(values)).map(([name, message]) => [name, t(message)]);
    setErrors(Object.fromEntries(problems));
    if (problems.length) return;
    await change.trigger({ body: { currentPassword: values.currentPassword, newPassword: values.newPassword } });
  };

  return (
    <FormDialog
      title={t('account.changePassword')}
      submitLabel={t('account.savePassword')}
      cancelLabel={t('account.cancel')}
      pending={change.pending}
      validationBehavior="aria"
      validationErrors={{ ...errors, ...change.fieldErrors }}
      onSubmit={submit}
    >
      <PasswordField {...field('currentPassword')} label={t('account.currentPassword')} autoComplete="current-password" />
      <PasswordField
        {...field('newPassword')}
        label={t('account.newPassword')}
        placeholder={t('account.newPasswordPlaceholder')}
        autoComplete="new-password"
      />
      <PasswordField {...field('confirmPassword')} label={t('account.confirmNewPassword')} autoComplete="new-password" />
    </FormDialog>
  );
}
