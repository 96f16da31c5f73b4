import { useQuery } from '@app/api-client';
import { ledgerText, useI18n } from '@app/i18n';
import { Card, Pagination, Spinner } from '@app/ui';
import { useFormat } from '@app/ui/format';
import { Cell, Column, LedgerTypeBadge, Row, Table, TableBody, TableHeader } from '@app/ui/table';
import { type ReactNode, useState } from 'react';
import { truncate } from './transactionFormat.ts';
import './history.css';

/** A description cut to fit the table, whole on hover. */
function DescriptionText({ text }: { text: string }) {
  return <span title={text}>{truncate(text)}</span>;
}

/** The user list's page size (spec 000 §9). */
export const TRANSACTIONS_PER_PAGE = 50;

/** The signed-in user's credit history, newest first, 50 per page (GET /api/transactions). */
export function TransactionHistory() {
  const { t } = useI18n();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useQuery(
    '/api/transactions',
    { params: { query: { page, limit: TRANSACTIONS_PER_PAGE } } },
    { keepPreviousData: true },
  );
  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / TRANSACTIONS_PER_PAGE));

  let content: ReactNode;
  if (isLoading && !data) content = <Spinner size="lg" className="billing-history-spinner" />;
  else if (error && !data) content = <Card className="ui-muted">{t('billing.historyError')}</Card>;
  else if (!data || data.total === 0)
    content = (
      <Card className="billing-history-empty" data-testid="transactions-empty">
        <p className="billing-history-empty-title">{t('billing.historyEmpty')}</p>
        <p className="ui-muted">{t('billing.historyEmptyHint')}</p>
      </Card>
    );
  else
    content = (
      <>
        <Table aria-label={t('billing.historyLabel')} className="billing-history-table" data-testid="transactions-table">
          <TableHeader>
            <Column className="billing-history-type">{t('billing.colType')}</Column>
            <Column className="billing-history-date">{t('billing.colDate')}</Column>
            <Column isRowHeader className="billing-history-desc">
              {t('billing.colDescription')}
            </Column>
            <Column className="billing-history-credits">{t('billing.colCredits')}</Column>
          </TableHeader>
          <TableBody items={data.data}>
            {(entry) => (
              <Row id={entry.id}>
                <Cell className="billing-history-type">
                  <LedgerTypeBadge domain="billing" type={entry.type} />
                </Cell>
                <Cell className="billing-history-date">{format.dateTime(entry.createdAt)}</Cell>
                <Cell className="billing-history-desc">
                  <DescriptionText text={ledgerText(entry, t, format.number)} />
                </Cell>
                <Cell className="billing-history-credits" data-sign={Math.sign(entry.amount)}>
                  {format.signedNumber(entry.amount)}
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
        <Pagination page={page} pageCount={pageCount} onPageChange={setPage} className="billing-history-pages" />
      </>
    );

  return (
    <section className="billing-history" aria-labelledby="billing-history-title">
      <h2 id="billing-history-title" className="billing-section-title">
        {t('billing.historyTitle')}
      </h2>
      {content}
    </section>
  );
}
