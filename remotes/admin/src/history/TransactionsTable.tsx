import type { components } from '@app/api-client';
import { ledgerText, useT } from '@app/i18n';
import { useFormat } from '@app/ui/format';
import { Cell, Column, LedgerTypeBadge, Row, Table, TableBody, TableHeader } from '@app/ui/table';
import { truncateDescription } from './historyFormat.ts';

type AdminTransaction = components['schemas']['AdminTransaction'];

/** A description cut to fit the table (spec 001 §9), whole on hover. */
function DescriptionText({ text }: { text: string }) {
  return <span title={text}>{truncateDescription(text)}</span>;
}

/** One page of every user's ledger entries: date, user, type, description and signed amount. */
export function TransactionsTable({ rows, emptyText }: { rows: AdminTransaction[]; emptyText: string }) {
  const t = useT();
  const format = useFormat();
  return (
    <div className="admin-card-table">
      <Table aria-label={t('admin.historyTitle')} data-testid="history-table">
        <TableHeader>
          <Column>{t('adminManage.date')}</Column>
          <Column isRowHeader>{t('adminManage.user')}</Column>
          <Column>{t('admin.type')}</Column>
          <Column>{t('adminManage.description')}</Column>
          <Column className="admin-align-end">{t('adminManage.amount')}</Column>
        </TableHeader>
        <TableBody items={rows} renderEmptyState={() => <p className="admin-empty">{emptyText}</p>}>
          {(row) => (
            <Row id={row.id} data-testid="history-row">
              <Cell className="admin-nowrap admin-history-date">{format.dateTime(row.createdAt)}</Cell>
              <Cell className="admin-history-user">
                <strong>{row.username}</strong>
                {row.email && <div className="admin-cell-sub">{row.email}</div>}
              </Cell>
              <Cell className="admin-history-type">
                <LedgerTypeBadge domain="admin" type={row.type} />
              </Cell>
              <Cell className="admin-history-description">
                <DescriptionText text={ledgerText(row, t, format.number)} />
              </Cell>
              <Cell
                className="admin-numeric admin-align-end admin-history-amount"
                data-sign={row.amount > 0 ? 'plus' : row.amount < 0 ? 'minus' : 'zero'}
              >
                {format.signedNumber(row.amount)}
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
