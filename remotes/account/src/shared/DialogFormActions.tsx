import { useT } from '@app/i18n';
import { Button } from '@app/ui';

/** The foot of a form in a dialog: Cancel closes the dialog, the other button submits the form. */
export function DialogFormActions({ submitLabel, pending }: { submitLabel: string; pending: boolean }) {
  const t = useT();
  return (
    <div className="account-dialog-actions">
      <Button variant="ghost" slot="close">
        {t('account.cancel')}
      </Button>
      <Button type="submit" isPending={pending}>
        {submitLabel}
      </Button>
    </div>
  );
}
