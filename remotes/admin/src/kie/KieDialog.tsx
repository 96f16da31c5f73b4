import { api, toFieldErrors, toMessage, unwrap } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, Dialog, Form, Modal, NumberField, Switch, TextField, toast } from '@app/ui';
import { type FormEvent, useState } from 'react';
import { KIE_DEFAULTS, type KieApiAccount } from './kieTypes.ts';

interface KieDialogProps {
  /** The account being edited, or null to add one. */
  account: KieApiAccount | null;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}

/** Add/Edit KIE API. The token is write-only: on edit, an empty field keeps the stored one. */
export function KieDialog({ account, isOpen, onOpenChange, onSaved }: KieDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange}>
      <KieForm key={account?.id ?? 'new'} account={account} onClose={() => onOpenChange(false)} onSaved={onSaved} />
    </Modal>
  );
}

function KieForm({ account, onClose, onSaved }: { account: KieApiAccount | null; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const [name, setName] = useState(account?.name ?? '');
  const [token, setToken] = useState('');
  const [totalCredits, setTotalCredits] = useState<number>(account?.totalCredits ?? KIE_DEFAULTS.totalCredits);
  const [textCredits, setTextCredits] = useState<number>(account?.nanoBananaCredits ?? KIE_DEFAULTS.nanoBananaCredits);
  const [editCredits, setEditCredits] = useState<number>(account?.nanoBananaEditCredits ?? KIE_DEFAULTS.nanoBananaEditCredits);
  const [isEnabled, setIsEnabled] = useState(account?.isEnabled ?? true);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  const wholeAtLeast = (min: number, message: string) => (n: number) => (Number.isInteger(n) && n >= min ? null : message);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    const fields = { name: name.trim(), totalCredits, nanoBananaCredits: textCredits, nanoBananaEditCredits: editCredits, isEnabled };
    try {
      if (account) {
        unwrap(
          await api.PUT('/api/admin/kie-apis/{id}', {
            params: { path: { id: account.id } },
            body: { ...fields, token: token.trim() || undefined },
          }),
        );
      } else {
        unwrap(await api.POST('/api/admin/kie-apis', { body: { ...fields, token: token.trim() } }));
      }
      toast({ title: t('admin.kieSaved'), description: fields.name, variant: 'success' });
      onSaved();
      onClose();
    } catch (err) {
      setError(err);
      toast({ title: t('admin.kieSaveFailed'), description: toMessage(err, t('admin.tryAgainLater')), variant: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog title={account ? t('admin.kieEditTitle') : t('admin.kieAddTitle')}>
      <Form onSubmit={submit} validationErrors={toFieldErrors(error)}>
        <TextField
          name="name"
          label={t('admin.kieName')}
          value={name}
          onChange={setName}
          validate={(v) => (v.trim() ? null : t('admin.kieNameRequired'))}
          autoFocus
        />
        <TextField
          name="token"
          label={t('admin.kieToken')}
          type="password"
          autoComplete="new-password"
          value={token}
          onChange={setToken}
          placeholder={account ? t('admin.secretKeepPlaceholder') : undefined}
          description={account ? t('admin.secretSet', { hint: account.tokenHint }) : t('admin.kieTokenHint')}
          validate={(v) => (account || v.trim() ? null : t('admin.kieTokenRequired'))}
        />
        <NumberField
          name="totalCredits"
          label={t('admin.kieTotalCredits')}
          value={totalCredits}
          onChange={setTotalCredits}
          formatOptions={{ maximumFractionDigits: 0 }}
          validate={wholeAtLeast(0, t('admin.kieTotalCreditsError'))}
        />
        <div className="admin-field-row">
          <NumberField
            name="nanoBananaCredits"
            label={t('admin.kieTextCredits')}
            description={t('admin.kieTextCreditsHint')}
            value={textCredits}
            onChange={setTextCredits}
            formatOptions={{ maximumFractionDigits: 0 }}
            validate={wholeAtLeast(1, t('admin.kiePerImageError'))}
          />
          <NumberField
            name="nanoBananaEditCredits"
            label={t('admin.kieEditCredits')}
            description={t('admin.kieEditCreditsHint')}
            value={editCredits}
            onChange={setEditCredits}
            formatOptions={{ maximumFractionDigits: 0 }}
            validate={wholeAtLeast(1, t('admin.kiePerImageError'))}
          />
        </div>
        <Switch name="isEnabled" isSelected={isEnabled} onChange={setIsEnabled} description={t('admin.kieEnabledHint')}>
          {t('admin.enabled')}
        </Switch>
        <div className="admin-dialog-actions">
          <Button variant="secondary" onPress={onClose} isDisabled={pending}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" isPending={pending}>
            {t('admin.kieSave')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
