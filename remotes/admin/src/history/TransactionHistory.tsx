import { useProblemMessage, useQuery } from '@app/api-client';
import { useT } from '@app/i18n';
import { Card, Pagination, Spinner, TextField } from '@app/ui';
import { useState } from 'react';
import { useDebouncedValue } from '../shared/useDebouncedValue.ts';
import { HISTORY_PAGE_SIZE } from './historyFormat.ts';
import { TransactionsTable } from './TransactionsTable.tsx';
import './history.css';

/** Every user's transactions, searched on the server (user, email, description), 20 per page. */
export function TransactionHistory() {
  const t = useT();
  const problemMessage = useProblemMessage();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(search.trim());
  const { data, error, isValidating } = useQuery(
    '/api/admin/transactions',
    { params: { query: { page, limit: HISTORY_PAGE_SIZE, ...(query ? { search: query } : {}) } } },
    // Keep the current rows while the next page or search loads, so the table does not jump.
    { keepPreviousData: true },
  );
  const total = data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  const from = total === 0 ? 0 : (page - 1) * HISTORY_PAGE_SIZE + 1;
  const to = Math.min(page * HISTORY_PAGE_SIZE, total);

  return (
    <div className="admin-history">
      <div className="admin-history-toolbar">
        <TextField
          className="admin-history-search"
          label={t('adminManage.historySearch')}
          type="search"
          placeholder={t('adminManage.historySearchPlaceholder')}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        {isValidating && data && <Spinner size="sm" label={t('common.loading')} />}
      </div>
      {error && <Card className="admin-empty">{problemMessage(error, t('admin.loadFailed'))}</Card>}
      {!data && !error && <Spinner size="lg" className="admin-section-spinner" />}
      {data && (
        <>
          <TransactionsTable rows={data.data} emptyText={query ? t('adminManage.historyNoMatch') : t('adminManage.historyEmpty')} />
          <div className="admin-history-footer">
            <p className="ui-muted" data-testid="history-showing">
              {t('adminManage.historyShowing', { from, to, total })}
            </p>
            <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />
          </div>
        </>
      )}
    </div>
  );
}
