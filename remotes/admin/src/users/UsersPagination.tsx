import { useT } from '@app/i18n';
import { UnstyledButton } from '@app/ui';
import { pageButtons } from './userPaging.ts';

interface UsersPaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}

/**
 * Previous, up to five numbered pages and Next (spec 001 §2). The kit's Pagination shows first
 * and last with gaps instead, so this one lays out its own window with the kit's item styling.
 */
export function UsersPagination({ page, pageCount, onPageChange }: UsersPaginationProps) {
  const t = useT();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t('admin.usersPagination')} className="ui-Pagination">
      <UnstyledButton className="ui-Pagination-item" isDisabled={page <= 1} onPress={() => onPageChange(page - 1)}>
        {t('common.previousPage')}
      </UnstyledButton>
      {pageButtons(page, pageCount).map((p) => (
        <UnstyledButton
          key={p}
          className="ui-Pagination-item"
          aria-label={t('common.goToPage', { page: p })}
          aria-current={p === page ? 'page' : undefined}
          onPress={() => onPageChange(p)}
        >
          {p}
        </UnstyledButton>
      ))}
      <UnstyledButton className="ui-Pagination-item" isDisabled={page >= pageCount} onPress={() => onPageChange(page + 1)}>
        {t('common.nextPage')}
      </UnstyledButton>
    </nav>
  );
}
