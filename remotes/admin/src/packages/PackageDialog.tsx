import { useMutation } from '@app/api-client';
import { type MessageKey, useT } from '@app/i18n';
import { Switch, TextField, toast } from '@app/ui';
import { DialogForm } from '../shared/DialogForm.tsx';
import { EditDialog, type EditDialogProps, type EditFormProps } from '../shared/EditDialog.tsx';
import { useDraft } from '../shared/useDraft.ts';
import { type AdminCreditPackage, bodyOf, draftOf, EMPTY_PACKAGE, type PackageDraft } from './packageTypes.ts';
import { validateBonus, validateCredits, validateName, validatePrice } from './packageValidation.ts';

const MESSAGES: Record<string, MessageKey> = {
  nameRequired: 'adminManage.packageNameRequired',
  creditsPositive: 'adminManage.packageCreditsPositive',
  priceInvalid: 'adminManage.packagePriceInvalid',
  bonusInvalid: 'adminManage.packageBonusInvalid',
  bonusTooHigh: 'adminManage.packageBonusTooHigh',
};

/** Every list of packages: the admin's and the public one (/pricing, /purchase-credits). */
export const PACKAGE_LISTS = ['/api/admin/credit-packages', '/api/credit-packages'];

/** 'Create Credit Package' / 'Edit Credit Package': the spec's fields, then the display extras. */
export function PackageDialog(props: EditDialogProps<AdminCreditPackage>) {
  return <EditDialog {...props} form={PackageForm} />;
}

function PackageForm({ item: pkg, onClose }: EditFormProps<AdminCreditPackage>) {
  const t = useT();
  const { draft, set } = useDraft<PackageDraft>(pkg ? draftOf(pkg) : EMPTY_PACKAGE);
  const message = (code: string | null) => (code ? t(MESSAGES[code] ?? 'admin.tryAgainLater') : null);

  const body = bodyOf(draft);
  const options = {
    failure: t('adminManage.saveFailed'),
    fallback: t('admin.tryAgainLater'),
    invalidates: PACKAGE_LISTS,
    onSuccess: () => toast({ title: t('adminManage.packageSaved'), description: body.name, variant: 'success' }),
  };
  const update = useMutation('put', '/api/admin/credit-packages/{id}', options);
  const create = useMutation('post', '/api/admin/credit-packages', options);
  const save = () => (pkg ? update.trigger({ params: { path: { id: pkg.id } }, body }) : create.trigger({ body }));
  const { pending, fieldErrors } = pkg ? update : create;

  return (
    <DialogForm
      title={pkg ? t('adminManage.packageEditTitle') : t('adminManage.packageCreateTitle')}
      submitLabel={t('adminManage.savePackage')}
      save={save}
      pending={pending}
      fieldErrors={fieldErrors}
      onClose={onClose}
    >
      <TextField
        name="name"
        label={t('adminManage.packageName')}
        value={draft.name}
        onChange={set('name')}
        validate={(v) => message(validateName(v))}
        autoFocus
      />
      <div className="admin-field-row">
        <TextField
          name="credits"
          label={t('adminManage.packageCredits')}
          inputMode="numeric"
          value={draft.credits}
          onChange={set('credits')}
          validate={(v) => message(validateCredits(v))}
        />
        <TextField
          name="price"
          label={t('adminManage.packagePrice')}
          inputMode="decimal"
          placeholder="9.99"
          value={draft.price}
          onChange={set('price')}
          validate={(v) => message(validatePrice(v))}
        />
      </div>
      <TextField
        name="creemProductId"
        label={t('adminManage.packageProductId')}
        description={t('adminManage.packageProductIdHint')}
        placeholder="prod_…"
        value={draft.creemProductId}
        onChange={set('creemProductId')}
      />
      <TextField name="description" label={t('adminManage.packageDescription')} value={draft.description} onChange={set('description')} />
      <TextField
        name="nameVi"
        label={t('adminManage.packageNameVi')}
        description={t('adminManage.packageViHint')}
        value={draft.nameVi}
        onChange={set('nameVi')}
      />
      <TextField
        name="descriptionVi"
        label={t('adminManage.packageDescriptionVi')}
        value={draft.descriptionVi}
        onChange={set('descriptionVi')}
      />
      <TextField
        name="bonus"
        label={t('adminManage.packageBonus')}
        description={t('adminManage.packageBonusHint')}
        inputMode="numeric"
        value={draft.bonus}
        onChange={set('bonus')}
        validate={(v) => message(validateBonus(v, draft.credits))}
      />
      <Switch name="isActive" isSelected={draft.isActive} onChange={set('isActive')} description={t('adminManage.packageActiveHint')}>
        {t('adminManage.packageActive')}
      </Switch>
      <Switch name="popular" isSelected={draft.popular} onChange={set('popular')}>
        {t('adminManage.packagePopular')}
      </Switch>
    </DialogForm>
  );
}
