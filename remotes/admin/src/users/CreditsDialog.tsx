import { useMutation } from '@app/api-client';
import { useT } from '@app/i18n';
import { TextField, toast } from '@app/ui';
import { Modal } from '@app/ui/dialog';
import { useFormat } from '@app/ui/format';
import { useState } from 'react';
import { DialogForm } from '../shared/DialogForm.tsx';
import { type AdminUser, creditsFromText, USER_LISTS } from './userTypes.ts';
import './users.css';

interface CreditsDialogProps {
  user: AdminUser | null;
  onClose: () => void;
}

/**
 * Edit Credits: the current balance, the new amount (a whole number of 0 or more; anything else is refused on the
 * spot) with the difference it makes shown before saving, and an optional reason kept in the ledger entry.
 */
export function CreditsDialog({ user, onClose }: CreditsDialogProps) {
  return (
    <Modal isOpen={user !== null} onOpenChange={(open) => !open && onClose()} size="sm">
      {user && <CreditsForm key={user.id} user={user} onClose={onClose} />}
    </Modal>
  );
}

function CreditsForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const t = useT();
  const format = useFormat();
  const [text, setText] = useState(String(user.credits));
  const [reason, setReason] = useState('');
  const credits = creditsFromText(text);

  const update = useMutation('put', '/api/admin/users/{userId}/credits', {
    failure: t('adminManage.creditsUpdateFailed'),
    fallback: t('admin.tryAgainLater'),
    invalidates: USER_LISTS,
    onSuccess: (saved) => {
      const description = t('adminManage.creditsUpdatedBody', { name: user.username, count: saved.credits });
      toast({ title: t('adminManage.creditsUpdated'), description, variant: 'success' });
    },
  });
  const save = async () => {
    // The field's own check has shown the message; nothing that is not a whole number is ever sent.
    if (credits === undefined) return undefined;
    const trimmed = reason.trim();
    return update.trigger({ params: { path: { userId: user.id } }, body: { credits, ...(trimmed && { reason: trimmed }) } });
  };
  const difference = credits === undefined ? undefined : credits - user.credits;

  return (
    <DialogForm
      title={t('adminManage.editCreditsTitle')}
      submitLabel={t('adminManage.updateCredits')}
      save={save}
      pending={update.pending}
      fieldErrors={update.fieldErrors}
      onClose={onClose}
    >
      <div className="admin-credits-current">
        <span className="ui-muted">{t('adminManage.currentCredits', { name: user.username })}</span>
        <strong className="admin-numeric" data-testid="current-credits">
          {format.number(user.credits)}
        </strong>
      </div>
      <TextField
        name="credits"
        label={t('adminManage.newCredits')}
        inputMode="numeric"
        value={text}
        onChange={setText}
        autoFocus
        validate={(value) => (creditsFromText(value) === undefined ? t('adminManage.newCreditsError') : null)}
      />
      <div className="admin-credits-current" data-testid="credits-change" aria-live="polite">
        <span className="ui-muted">{t('adminManage.creditsChange')}</span>
        <strong className="admin-numeric" data-direction={difference === undefined ? 'none' : Math.sign(difference)}>
          {difference === undefined
            ? '–'
            : difference === 0
              ? t('adminManage.creditsNoChange')
              : t(difference > 0 ? 'adminManage.creditsChangeUp' : 'adminManage.creditsChangeDown', {
                  count: format.number(Math.abs(difference)),
                })}
        </strong>
      </div>
      <TextField
        name="reason"
        label={t('adminManage.creditsReason')}
        description={t('adminManage.creditsReasonHint')}
        maxLength={120}
        value={reason}
        onChange={setReason}
      />
    </DialogForm>
  );
}
