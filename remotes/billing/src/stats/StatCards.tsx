import { useQuery } from '@app/api-client';
import { useI18n } from '@app/i18n';
import { Card, Spinner } from '@app/ui';
import { useFormat } from '@app/ui/format';
import type { ReactNode } from 'react';
import { usePrices } from '../format/price.ts';
import './stats.css';

function StatCard({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: string; testId: string }) {
  return (
    <Card className="billing-stat">
      <p className="billing-stat-label">{label}</p>
      <p className="billing-stat-value" data-testid={testId}>
        {value}
      </p>
      {hint && <p className="billing-stat-hint">{hint}</p>}
    </Card>
  );
}

/** Credits Remaining, Images Created and Credits Used of the signed-in user (GET /api/user/stats). */
export function StatCards() {
  const { exactDollars } = usePrices();
  const { t } = useI18n();
  const format = useFormat();
  const { data, error } = useQuery('/api/user/stats', {}, { keepPreviousData: true });
  if (error && !data) return <Card className="ui-muted">{t('billing.statsError')}</Card>;
  const number = (value: number | undefined) => (value === undefined ? <Spinner size="sm" /> : format.number(value));
  return (
    <section className="billing-stats" aria-label={t('billing.statsTitle')}>
      <StatCard label={t('billing.statCreditsRemaining')} value={number(data?.credits)} testId="stat-credits" />
      <StatCard label={t('billing.statImagesCreated')} value={number(data?.videosCreated)} testId="stat-images" />
      <StatCard
        label={t('billing.statCreditsUsed')}
        value={number(data?.creditsUsed)}
        hint={data && data.totalSpent > 0 ? t('billing.statTotalSpentHint', { amount: exactDollars(data.totalSpent) }) : undefined}
        testId="stat-used"
      />
    </section>
  );
}
