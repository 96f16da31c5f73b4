import { useT } from '@app/i18n';
import { Spinner } from '@app/ui';
import './access.css';

/** While the current user is unknown: a spinner and the word Loading, nothing of the admin page yet. */
export function AccessLoading() {
  const t = useT();
  return (
    <div className="ui-container ui-page admin-access-loading" data-testid="admin-loading">
      <Spinner size="lg" />
      <p className="ui-muted">{t('common.loading')}</p>
    </div>
  );
}
