import { useQuery } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, Card } from '@app/ui';
import { lazy, Suspense, useState } from 'react';

// The form downloads on the first press: the account page loads no form code.
const BalanceAlertForm = lazy(() => import('./BalanceAlertForm.tsx').then((module) => ({ default: module.BalanceAlertForm })));

/** /my-account: the low-balance alert as it is, and the button that opens its form. */
export function BalanceAlertCard() {
  const t = useT();
  const alert = useQuery('/api/account/balance-alert', {}, { revalidateOnMount: true });
  const [isOpen, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const current = alert.data;
  return (
    <Card className="my-account-card" data-testid="balance-alert-card">
      <h2 className="my-account-card-title">{t('account.alertTitle')}</h2>
      {current && (
        <p className="my-account-card-hint" data-testid="balance-alert-summary">
          {current.threshold === null ? t('account.alertOff') : t('account.alertOn', { threshold: current.threshold })}
          {current.callbackUrl !== null && <> {t('account.alertCallbackOn', { url: current.callbackUrl })}</>}
        </p>
      )}
      <Button
        variant="secondary"
        size="sm"
        isDisabled={!current}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onPress={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {t('account.alertEdit')}
      </Button>
      {opened && current && (
        <Suspense fallback={null}>
          <BalanceAlertForm key={String(isOpen)} alert={current} isOpen={isOpen} onOpenChange={setOpen} />
        </Suspense>
      )}
    </Card>
  );
}
