import { useT } from '@app/i18n';
import { LinkButton } from '@app/ui';
import './NotFoundPage.css';

/** The fallback for any path no page or remote owns. */
export function NotFoundPage() {
  const t = useT();
  return (
    <div className="ui-container ui-page not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>{t('common.notFoundTitle')}</h1>
      <p className="ui-muted">{t('common.notFoundBody')}</p>
      <LinkButton href="/">{t('common.goHome')}</LinkButton>
    </div>
  );
}
