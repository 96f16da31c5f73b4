import {
  Cell as AriaCell,
  Column as AriaColumn,
  Row as AriaRow,
  Table as AriaTable,
  TableBody as AriaTableBody,
  TableHeader as AriaTableHeader,
  type CellProps,
  type ColumnProps,
  type RowProps,
  type TableBodyProps,
  type TableHeaderProps,
  type TableProps,
} from 'react-aria-components';
import { withBase } from './cx.ts';
import './Table.css';

/** An accessible data table; wrap it in `.ui-TableScroll` (done here) so it scrolls on phones. */
export function Table({ className, ...props }: TableProps) {
  return (
    <div className="ui-TableScroll">
      <AriaTable {...props} className={withBase('ui-Table', className)} />
    </div>
  );
}

export function TableHeader<T extends object>({ className, ...props }: TableHeaderProps<T>) {
  return <AriaTableHeader {...props} className={withBase('ui-TableHeader', className)} />;
}

export function Column({ className, ...props }: ColumnProps) {
  return <AriaColumn {...props} className={withBase('ui-Column', className)} />;
}

export function TableBody<T extends object>({ className, ...props }: TableBodyProps<T>) {
  return <AriaTableBody {...props} className={withBase('ui-TableBody', className)} />;
}

export function Row<T extends object>({ className, ...props }: RowProps<T>) {
  return <AriaRow {...props} className={withBase('ui-Row', className)} />;
}

export function Cell({ className, ...props }: CellProps) {
  return <AriaCell {...props} className={withBase('ui-Cell', className)} />;
}

/** The type column of the user's ledger and the admin's. */
export { LedgerTypeBadge } from './LedgerTypeBadge.tsx';
