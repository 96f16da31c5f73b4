import { type Problem, useMutation } from '@app/api-client';
import { LIMITS } from '@app/contract/constants';
import { useT } from '@app/i18n';
import { Switch, TextField, toast } from '@app/ui';
import { NumberField } from '@app/ui/number-field';
import { DialogForm } from '../shared/DialogForm.tsx';
import { EditDialog, type EditDialogProps, type EditFormProps } from '../shared/EditDialog.tsx';
import { useDraft } from '../shared/useDraft.ts';
import { createBody, draftOfUser, EMPTY_USER, type UserDraft, updateBody } from './userDraft.ts';
import { type AdminUser, isValidCredits, USER_LISTS } from './userTypes.ts';

// A light check only: the server has the real rules and answers with field messages.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * 'HTTP {status}: {body}' for a failed user save (spec 001 §8), with the problem's detail as the body. The client
 * already words non-JSON failures as '{status}: {text}', so those get only the prefix.
 */
export function httpErrorMessage(problem: Problem): string {
  if (problem.code === 'http_error' && !problem.detail) return `HTTP ${problem.title}`;
  return `HTTP ${problem.status}: ${problem.detail ?? problem.title}`;
}

/** Add/Edit User. A password is required for a new user; on edit it is optional and replaces the old one. */
export function UserDialog(props: EditDialogProps<AdminUser>) {
  return <EditDialog {...props} form={UserForm} />;
}

function UserForm({ item: user, onClose }: EditFormProps<AdminUser>) {
  const t = useT();
  const { draft, set } = useDraft<UserDraft>(user ? draftOfUser(user) : EMPTY_USER);

  const options = {
    failure: t('adminManage.userSaveFailed'),
    fallback: t('admin.tryAgainLater'),
    describe: httpErrorMessage,
    invalidates: USER_LISTS,
    onSuccess: () => toast({ title: t('adminManage.userSaved'), description: draft.username.trim(), variant: 'success' }),
  };
  const update = useMutation('put', '/api/admin/users/{id}', options);
  const create = useMutation('post', '/api/admin/users', options);
  const save = () =>
    user
      ? update.trigger({ params: { path: { id: user.id } }, body: updateBody(user, draft) })
      : create.trigger({ body: createBody(draft) });
  const { pending, fieldErrors } = user ? update : create;

  return (
    <DialogForm
      title={user ? t('adminManage.userEditTitle') : t('adminManage.userAddTitle')}
      submitLabel={t('adminManage.saveUser')}
      save={save}
      pending={pending}
      fieldErrors={fieldErrors}
      onClose={onClose}
    >
      <TextField
        name="username"
        label={t('adminManage.username')}
        autoComplete="off"
        value={draft.username}
        onChange={set('username')}
        validate={(v) => (v.trim().length >= LIMITS.usernameMin ? null : t('adminManage.usernameTooShort', { min: LIMITS.usernameMin }))}
        autoFocus
      />
      <TextField
        name="email"
        label={t('adminManage.email')}
        type="email"
        autoComplete="off"
        value={draft.email}
        onChange={set('email')}
        validate={(v) => (!v.trim() || EMAIL_PATTERN.test(v.trim()) ? null : t('adminManage.emailInvalid'))}
      />
      <TextField
        name="password"
        label={user ? t('adminManage.newPassword') : t('adminManage.password')}
        type="password"
        autoComplete="new-password"
        value={draft.password}
        onChange={set('password')}
        description={user ? t('adminManage.passwordKeepHint') : undefined}
        validate={(v) =>
          (user && !v) || v.length >= LIMITS.passwordMin ? null : t('adminManage.passwordTooShort', { min: LIMITS.passwordMin })
        }
      />
      <NumberField
        name="credits"
        label={t('adminManage.credits')}
        value={draft.credits}
        onChange={set('credits')}
        formatOptions={{ maximumFractionDigits: 0 }}
        validate={(n) => (isValidCredits(n) ? null : t('adminManage.creditsMin'))}
      />
      <Switch name="isActive" isSelected={draft.isActive} onChange={set('isActive')} description={t('adminManage.userActiveHint')}>
        {t('adminManage.active')}
      </Switch>
      <Switch name="isAdmin" isSelected={draft.isAdmin} onChange={set('isAdmin')} description={t('adminManage.userAdminHint')}>
        {t('adminManage.admin')}
      </Switch>
    </DialogForm>
  );
}
