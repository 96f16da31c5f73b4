import { api, toFieldErrors, toMessage, unwrap } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, Dialog, Form, Modal, TextField, toast } from '@app/ui';
import { type FormEvent, useState } from 'react';
import { useFormat } from '../shared/useFormat.ts';
import { type AdminUser, creditsFromText, isValidCredits } from './userTypes.ts';
import './users.css';

interface CreditsDialogProps {
  user: AdminUser | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Edit Credits: the current balance and the new amount (min 0; a non-number becomes 0). */
export function CreditsDialog({ user, onClose, onSaved }: CreditsDialogProps) {
  return (
    <Modal isOpen={user !== null} onOpenChange={(open) => !open && onClose()} size="sm">
      {user && <CreditsForm key={user.id} user={user} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function CreditsForm({ user, onClose, onSaved }: { user: AdminUser; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const format = useFormat();
  const [text, setText] = useState(String(user.credits));
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const credits = creditsFromText(text);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      unwrap(await api.PUT('/api/admin/users/{userId}/credits', { params: { path: { userId: user.id } }, body: { credits } }));
      toast({
        title: t('admin.creditsUpdated'),
        description: t('admin.creditsUpdatedBody', { name: user.username, count: format.number(credits) }),
        variant: 'success',
      });
      onSaved();
      onClose();
    } catch (err) {
      setError(err);
      toast({ title: t('admin.creditsUpdateFailed'), description: toMessage(err, t('admin.tryAgainLater')), variant: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog title={t('admin.editCreditsTitle')}>
      <Form onSubmit={submit} validationErrors={toFieldErrors(error)}>
        <div className="admin-credits-current">
          <span className="ui-muted">{t('admin.currentCredits', { name: user.username })}</span>
          <strong className="admin-numeric" data-testid="current-credits">
            {format.number(user.credits)}
          </strong>
        </div>
        <TextField
          name="credits"
          label={t('admin.newCredits')}
          inputMode="numeric"
          value={text}
          onChange={setText}
          autoFocus
          description={t('admin.newCreditsPreview', { count: format.number(credits) })}
          validate={() => (isValidCredits(credits) ? null : t('admin.creditsMin'))}
        />
        <div className="admin-dialog-actions">
          <Button variant="secondary" onPress={onClose} isDisabled={pending}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" isPending={pending}>
            {t('admin.updateCredits')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
