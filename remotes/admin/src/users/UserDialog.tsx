import { api, unwrap } from '@app/api-client';
import { LIMITS } from '@app/contract/constants';
import { useT } from '@app/i18n';
import { Switch, TextField } from '@app/ui';
import { NumberField } from '@app/ui/number-field';
import { DialogForm } from '../shared/DialogForm.tsx';
import { EditDialog, type EditDialogProps, type EditFormProps } from '../shared/EditDialog.tsx';
import { useDraft } from '../shared/useDraft.ts';
import { httpErrorMessage } from './httpErrorMessage.ts';
import { createBody, draftOfUser, EMPTY_USER, type UserDraft, updateBody } from './userDraft.ts';
import { type AdminUser, isValidCredits } from './userTypes.ts';

// A light check only: the server has the real rules and answers with field messages.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Add/Edit User. A password is required for a new user; on edit it is optional and replaces the old one. */
export function UserDialog(props: EditDialogProps<AdminUser>) {
  return <EditDialog {...props} form={UserForm} />;
}

function UserForm({ item: user, onClose, onSaved }: EditFormProps<AdminUser>) {
  const t = useT();
  const { draft, set } = useDraft<UserDraft>(user ? draftOfUser(user) : EMPTY_USER);

  const save = async () => {
    if (user) unwrap(await api.PUT('/api/admin/users/{id}', { params: { path: { id: user.id } }, body: updateBody(user, draft) }));
    else unwrap(await api.POST('/api/admin/users', { body: createBody(draft) }));
    return draft.username.trim();
  };

  return (
    <DialogForm
      title={user ? t('admin.userEditTitle') : t('admin.userAddTitle')}
      submitLabel={t('admin.saveUser')}
      save={save}
      savedTitle={t('admin.userSaved')}
      failedTitle={t('admin.userSaveFailed')}
      describeError={httpErrorMessage}
      onSaved={onSaved}
      onClose={onClose}
    >
      <TextField
        name="username"
        label={t('admin.username')}
        autoComplete="off"
        value={draft.username}
        onChange={set('username')}
        validate={(v) => (v.trim().length >= LIMITS.usernameMin ? null : t('admin.usernameTooShort', { min: LIMITS.usernameMin }))}
        autoFocus
      />
      <TextField
        name="email"
        label={t('admin.email')}
        type="email"
        autoComplete="off"
        value={draft.email}
        onChange={set('email')}
        validate={(v) => (!v.trim() || EMAIL_PATTERN.test(v.trim()) ? null : t('admin.emailInvalid'))}
      />
      <TextField
        name="password"
        label={user ? t('admin.newPassword') : t('admin.password')}
        type="password"
        autoComplete="new-password"
        value={draft.password}
        onChange={set('password')}
        description={user ? t('admin.passwordKeepHint') : undefined}
        validate={(v) => ((user && !v) || v.length >= LIMITS.passwordMin ? null : t('admin.passwordTooShort', { min: LIMITS.passwordMin }))}
      />
      <NumberField
        name="credits"
        label={t('admin.credits')}
        value={draft.credits}
        onChange={set('credits')}
        formatOptions={{ maximumFractionDigits: 0 }}
        validate={(n) => (isValidCredits(n) ? null : t('admin.creditsMin'))}
      />
      <Switch name="isActive" isSelected={draft.isActive} onChange={set('isActive')} description={t('admin.userActiveHint')}>
        {t('admin.active')}
      </Switch>
      <Switch name="isAdmin" isSelected={draft.isAdmin} onChange={set('isAdmin')} description={t('admin.userAdminHint')}>
        {t('admin.admin')}
      </Switch>
    </DialogForm>
  );
}
