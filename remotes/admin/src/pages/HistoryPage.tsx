import { useT } from '@app/i18n';
import { PageHeader } from '@app/ui';
import { HistoryGate } from '../access/HistoryGate.tsx';
import { TransactionHistory } from '../history/TransactionHistory.tsx';

/** /history: every user's transactions, for administrators only. */
export function HistoryPage() {
  const t = useT();
  return (
    <HistoryGate>
      <div className="ui-container ui-page">
        <PageHeader title={t('admin.historyTitle')} subtitle={t('admin.historySubtitle')} />
        <TransactionHistory />
      </div>
    </HistoryGate>
  );
}
