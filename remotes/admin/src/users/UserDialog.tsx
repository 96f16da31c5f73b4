import { api, toFieldErrors, unwrap } from '@app/api-client';
import { LIMITS } from '@app/contract/constants';
import { useT } from '@app/i18n';
import { Button, Dialog, Form, Modal, NumberField, Switch, TextField, toast } from '@app/ui';
import { type FormEvent, useState } from 'react';
import { httpErrorMessage } from './httpErrorMessage.ts';
import { createBody, draftOfUser, EMPTY_USER, type UserDraft, updateBody } from './userDraft.ts';
import { type AdminUser, isValidCredits } from './userTypes.ts';

// A light check only: the server has the real rules and answers with field messages.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface UserDialogProps {
  /** The user being edited, or null to add one. */
  user: AdminUser | null;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}

/** Add/Edit User. A password is required for a new user; on edit it is optional and replaces the old one. */
export function UserDialog({ user, isOpen, onOpenChange, onSaved }: UserDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange}>
      <UserForm key={user?.id ?? 'new'} user={user} onClose={() => onOpenChange(false)} onSaved={onSaved} />
    </Modal>
  );
}

function UserForm({ user, onClose, onSaved }: { user: AdminUser | null; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const [draft, setDraft] = useState<UserDraft>(user ? draftOfUser(user) : EMPTY_USER);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const set =
    <K extends keyof UserDraft>(key: K) =>
    (value: UserDraft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      if (user) unwrap(await api.PUT('/api/admin/users/{id}', { params: { path: { id: user.id } }, body: updateBody(user, draft) }));
      else unwrap(await api.POST('/api/admin/users', { body: createBody(draft) }));
      toast({ title: t('admin.userSaved'), description: draft.username.trim(), variant: 'success' });
      onSaved();
      onClose();
    } catch (err) {
      setError(err);
      toast({ title: t('admin.userSaveFailed'), description: httpErrorMessage(err, t('admin.tryAgainLater')), variant: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog title={user ? t('admin.userEditTitle') : t('admin.userAddTitle')}>
      <Form onSubmit={submit} validationErrors={toFieldErrors(error)}>
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
          validate={(v) =>
            (user && !v) || v.length >= LIMITS.passwordMin ? null : t('admin.passwordTooShort', { min: LIMITS.passwordMin })
          }
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
        <div className="admin-dialog-actions">
          <Button variant="secondary" onPress={onClose} isDisabled={pending}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" isPending={pending}>
            {t('admin.saveUser')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
