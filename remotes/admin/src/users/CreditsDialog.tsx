import { useMutation } from '@app/api-client';
import { useT } from '@app/i18n';
import { TextField, toast } from '@app/ui';
import { Modal } from '@app/ui/dialog';
import { useFormat } from '@app/ui/format';
import { useState } from 'react';
import { DialogForm } from '../shared/DialogForm.tsx';
import { type AdminUser, creditsFromText, isValidCredits, USER_LISTS } from './userTypes.ts';
import './users.css';

interface CreditsDialogProps {
  user: AdminUser | null;
  onClose: () => void;
}

/** Edit Credits: the current balance and the new amount (min 0; a non-number becomes 0). */
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
  const credits = creditsFromText(text);

  const update = useMutation('put', '/api/admin/users/{userId}/credits', {
    failure: t('adminManage.creditsUpdateFailed'),
    fallback: t('admin.tryAgainLater'),
    invalidates: USER_LISTS,
    onSuccess: () => {
      const description = t('adminManage.creditsUpdatedBody', { name: user.username, count: credits });
      toast({ title: t('adminManage.creditsUpdated'), description, variant: 'success' });
    },
  });
  const save = () => update.trigger({ params: { path: { userId: user.id } }, body: { credits } });

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
        description={t('adminManage.newCreditsPreview', { count: format.number(credits) })}
        validate={() => (isValidCredits(credits) ? null : t('adminManage.creditsMin'))}
      />
    </DialogForm>
  );
}
