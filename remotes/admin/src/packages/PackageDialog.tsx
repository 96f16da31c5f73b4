import { api, toFieldErrors, toMessage, unwrap } from '@app/api-client';
import { type MessageKey, useT } from '@app/i18n';
import { Button, Dialog, Form, Modal, Switch, TextField, toast } from '@app/ui';
import { type FormEvent, useState } from 'react';
import { type AdminCreditPackage, bodyOf, draftOf, EMPTY_PACKAGE, type PackageDraft } from './packageTypes.ts';
import { validateBonus, validateCredits, validateName, validatePrice } from './packageValidation.ts';

const MESSAGES: Record<string, MessageKey> = {
  nameRequired: 'admin.packageNameRequired',
  creditsPositive: 'admin.packageCreditsPositive',
  priceInvalid: 'admin.packagePriceInvalid',
  bonusInvalid: 'admin.packageBonusInvalid',
  bonusTooHigh: 'admin.packageBonusTooHigh',
};

interface PackageDialogProps {
  /** The package being edited, or null to create one. */
  pkg: AdminCreditPackage | null;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}

/** 'Create Credit Package' / 'Edit Credit Package': the spec's fields, then the display extras. */
export function PackageDialog({ pkg, isOpen, onOpenChange, onSaved }: PackageDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange}>
      {/* Keyed by package so reopening the dialog starts from that package's stored values. */}
      <PackageForm key={pkg?.id ?? 'new'} pkg={pkg} onClose={() => onOpenChange(false)} onSaved={onSaved} />
    </Modal>
  );
}

function PackageForm({ pkg, onClose, onSaved }: { pkg: AdminCreditPackage | null; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const [draft, setDraft] = useState<PackageDraft>(pkg ? draftOf(pkg) : EMPTY_PACKAGE);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const set =
    <K extends keyof PackageDraft>(key: K) =>
    (value: PackageDraft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  const message = (code: string | null) => (code ? t(MESSAGES[code] ?? 'admin.tryAgainLater') : null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const body = bodyOf(draft);
      if (pkg) unwrap(await api.PUT('/api/admin/credit-packages/{id}', { params: { path: { id: pkg.id } }, body }));
      else unwrap(await api.POST('/api/admin/credit-packages', { body }));
      toast({ title: t('admin.packageSaved'), description: body.name, variant: 'success' });
      onSaved();
      onClose();
    } catch (err) {
      setError(err);
      toast({ title: t('admin.saveFailed'), description: toMessage(err, t('admin.tryAgainLater')), variant: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog title={pkg ? t('admin.packageEditTitle') : t('admin.packageCreateTitle')}>
      <Form onSubmit={submit} validationErrors={toFieldErrors(error)}>
        <TextField
          name="name"
          label={t('admin.packageName')}
          value={draft.name}
          onChange={set('name')}
          validate={(v) => message(validateName(v))}
          autoFocus
        />
        <div className="admin-field-row">
          <TextField
            name="credits"
            label={t('admin.packageCredits')}
            inputMode="numeric"
            value={draft.credits}
            onChange={set('credits')}
            validate={(v) => message(validateCredits(v))}
          />
          <TextField
            name="price"
            label={t('admin.packagePrice')}
            inputMode="decimal"
            placeholder="9.99"
            value={draft.price}
            onChange={set('price')}
            validate={(v) => message(validatePrice(v))}
          />
        </div>
        <TextField
          name="creemProductId"
          label={t('admin.packageProductId')}
          description={t('admin.packageProductIdHint')}
          placeholder="prod_…"
          value={draft.creemProductId}
          onChange={set('creemProductId')}
        />
        <TextField name="description" label={t('admin.packageDescription')} value={draft.description} onChange={set('description')} />
        <TextField
          name="bonus"
          label={t('admin.packageBonus')}
          description={t('admin.packageBonusHint')}
          inputMode="numeric"
          value={draft.bonus}
          onChange={set('bonus')}
          validate={(v) => message(validateBonus(v, draft.credits))}
        />
        <Switch name="isActive" isSelected={draft.isActive} onChange={set('isActive')} description={t('admin.packageActiveHint')}>
          {t('admin.packageActive')}
        </Switch>
        <Switch name="popular" isSelected={draft.popular} onChange={set('popular')}>
          {t('admin.packagePopular')}
        </Switch>
        <div className="admin-dialog-actions">
          <Button variant="secondary" onPress={onClose} isDisabled={pending}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" isPending={pending}>
            {t('admin.savePackage')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
