import { useT } from '@app/i18n';
import { Card } from '@app/ui';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';

/** The password section: a short hint and the change-password dialog. */
export function SecurityCard({ onPasswordChanged }: { onPasswordChanged: () => void }) {
  const t = useT();
  return (
    <Card className="my-account-card">
      <h2 className="my-account-card-title">{t('account.securityTitle')}</h2>
      <p className="ui-muted my-account-card-hint">{t('account.securityHint')}</p>
      <ChangePasswordDialog onChanged={onPasswordChanged} />
    </Card>
  );
}
