import { useQuery } from '@app/api-client';
import { useT } from '@app/i18n';
import { Card, LinkButton, Spinner } from '@app/ui';

/** The signed-in user's current balance, with a way to the full history on /pricing. */
export function BalanceCard() {
  const t = useT();
  const { data } = useQuery('/api/user/stats', {}, { keepPreviousData: true });
  return (
    <Card className="billing-balance">
      <div>
        <p className="billing-balance-label">{t('billing.currentBalance')}</p>
        <p className="billing-balance-value" data-testid="purchase-balance">
          {data ? t('billing.credits', { count: data.credits }) : <Spinner size="sm" />}
        </p>
      </div>
      <LinkButton href="/pricing" variant="ghost" size="sm">
        {t('billing.historyTitle')}
      </LinkButton>
    </Card>
  );
}
