import { useMutation } from '@app/api-client';
import { useT } from '@app/i18n';
import { Switch, TextField, toast } from '@app/ui';
import { NumberField } from '@app/ui/number-field';
import { useState } from 'react';
import { DialogForm } from '../shared/DialogForm.tsx';
import { EditDialog, type EditDialogProps, type EditFormProps } from '../shared/EditDialog.tsx';
import { KIE_DEFAULTS, KIE_LIST, type KieApiAccount } from './kieTypes.ts';

/** Add/Edit KIE API. The token is write-only: on edit, an empty field keeps the stored one. */
export function KieDialog(props: EditDialogProps<KieApiAccount>) {
  return <EditDialog {...props} form={KieForm} />;
}

function KieForm({ item: account, onClose }: EditFormProps<KieApiAccount>) {
  const t = useT();
  const [name, setName] = useState(account?.name ?? '');
  const [token, setToken] = useState('');
  const [totalCredits, setTotalCredits] = useState<number>(account?.totalCredits ?? KIE_DEFAULTS.totalCredits);
  const [textCredits, setTextCredits] = useState<number>(account?.nanoBananaCredits ?? KIE_DEFAULTS.nanoBananaCredits);
  const [editCredits, setEditCredits] = useState<number>(account?.nanoBananaEditCredits ?? KIE_DEFAULTS.nanoBananaEditCredits);
  const [isEnabled, setIsEnabled] = useState(account?.isEnabled ?? true);

  const wholeAtLeast = (min: number, message: string) => (n: number) => (Number.isInteger(n) && n >= min ? null : message);

  const fields = { name: name.trim(), totalCredits, nanoBananaCredits: textCredits, nanoBananaEditCredits: editCredits, isEnabled };
  const options = {
    failure: t('adminManage.kieSaveFailed'),
    fallback: t('admin.tryAgainLater'),
    invalidates: KIE_LIST,
    onSuccess: () => toast({ title: t('adminManage.kieSaved'), description: fields.name, variant: 'success' }),
  };
  const update = useMutation('put', '/api/admin/kie-apis/{id}', options);
  const create = useMutation('post', '/api/admin/kie-apis', options);
  const save = () =>
    account
      ? update.trigger({ params: { path: { id: account.id } }, body: { ...fields, token: token.trim() || undefined } })
      : create.trigger({ body: { ...fields, token: token.trim() } });
  const { pending, fieldErrors } = account ? update : create;

  return (
    <DialogForm
      title={account ? t('adminManage.kieEditTitle') : t('adminManage.kieAddTitle')}
      submitLabel={t('adminManage.kieSave')}
      save={save}
      pending={pending}
      fieldErrors={fieldErrors}
      onClose={onClose}
    >
      <TextField
        name="name"
        label={t('adminManage.kieName')}
        value={name}
        onChange={setName}
        validate={(v) => (v.trim() ? null : t('adminManage.kieNameRequired'))}
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
        description={account ? t('admin.secretSet', { hint: account.tokenHint }) : t('adminManage.kieTokenHint')}
        validate={(v) => (account || v.trim() ? null : t('adminManage.kieTokenRequired'))}
      />
      <NumberField
        name="totalCredits"
        label={t('adminManage.kieTotalCredits')}
        value={totalCredits}
        onChange={setTotalCredits}
        formatOptions={{ maximumFractionDigits: 0 }}
        validate={wholeAtLeast(0, t('adminManage.kieTotalCreditsError'))}
      />
      <div className="admin-field-row">
        <NumberField
          name="nanoBananaCredits"
          label={t('adminManage.kieTextCredits')}
          description={t('adminManage.kieTextCreditsHint')}
          value={textCredits}
          onChange={setTextCredits}
          formatOptions={{ maximumFractionDigits: 0 }}
          validate={wholeAtLeast(1, t('adminManage.kiePerImageError'))}
        />
        <NumberField
          name="nanoBananaEditCredits"
          label={t('adminManage.kieEditCredits')}
          description={t('adminManage.kieEditCreditsHint')}
          value={editCredits}
          onChange={setEditCredits}
          formatOptions={{ maximumFractionDigits: 0 }}
          validate={wholeAtLeast(1, t('adminManage.kiePerImageError'))}
        />
      </div>
      <Switch name="isEnabled" isSelected={isEnabled} onChange={setIsEnabled} description={t('adminManage.kieEnabledHint')}>
        {t('admin.enabled')}
      </Switch>
    </DialogForm>
  );
}
