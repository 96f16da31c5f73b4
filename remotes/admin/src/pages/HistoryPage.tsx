import { useT, WithMessages } from '@app/i18n';
import { PageHeader, Spinner } from '@app/ui';
import { Suspense } from 'react';
import { HistoryGate } from '../access/HistoryGate.tsx';
import { lazySection } from '../shared/lazySection.ts';

// The table and its search load with this page only, not with /admin (they share the remote's routes chunk).
const TransactionHistory = lazySection(() => import('../history/TransactionHistory.tsx').then((module) => module.TransactionHistory));

/** /history: every user's transactions, for administrators only. */
export function HistoryPage() {
  const t = useT();
  return (
    <HistoryGate>
      <div className="ui-container ui-page">
        <PageHeader title={t('admin.historyTitle')} subtitle={t('admin.historySubtitle')} />
        <Suspense fallback={<Spinner size="lg" className="admin-section-spinner" />}>
          {/* Ledger entries are worded with the billing catalogue, as on the user's own history. */}
          <WithMessages domains={['billing']}>
            <TransactionHistory />
          </WithMessages>
        </Suspense>
      </div>
    </HistoryGate>
  );
}
