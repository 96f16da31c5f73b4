import { useT } from '@app/i18n';
import { Button } from 'react-aria-components';
import { cx } from './cx.ts';
import './Pagination.css';

export interface PaginationProps {
  /** 1-based current page. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  className?: string;
  /** The page numbers to show, with 'gap' where some are skipped; `pageWindow` unless a page lays out its own. */
  numbering?: (page: number, pageCount: number) => Array<number | 'gap'>;
  /** Names the navigation when a page has more than one; 'Pagination' otherwise. */
  'aria-label'?: string;
}

/** Page numbers around the current one, with the first and last always reachable. */
export function pageWindow(page: number, pageCount: number): Array<number | 'gap'> {
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  for (const p of sorted) {
    const last = out.at(-1);
    if (typeof last === 'number' && p - last > 1) out.push('gap');
    out.push(p);
  }
  return out;
}

/** Previous / numbered / next controls; renders nothing for a single page. */
export function Pagination({ page, pageCount, onPageChange, className, numbering = pageWindow, 'aria-label': label }: PaginationProps) {
  const t = useT();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label ?? t('common.pagination')} className={cx('ui-Pagination', className)}>
      <Button className="ui-Pagination-item" isDisabled={page <= 1} onPress={() => onPageChange(page - 1)}>
        {t('common.previousPage')}
      </Button>
      {numbering(page, pageCount).map((p, i) =>
        p === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
          <span key={`gap-${i}`} className="ui-Pagination-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <Button
            key={p}
            className="ui-Pagination-item"
            aria-label={t('common.goToPage', { page: p })}
            aria-current={p === page ? 'page' : undefined}
            onPress={() => onPageChange(p)}
          >
            {p}
          </Button>
        ),
      )}
      <Button className="ui-Pagination-item" isDisabled={page >= pageCount} onPress={() => onPageChange(page + 1)}>
        {t('common.nextPage')}
      </Button>
    </nav>
  );
}
