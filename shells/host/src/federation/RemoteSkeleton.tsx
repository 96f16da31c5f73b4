import { useT } from '@app/i18n';
import './RemoteSkeleton.css';

/**
 * What a section shows while its remote (code and messages) loads: the outline of a page (a heading,
 * a line of text, content blocks), inside the screen-tall `.remote-section` of RemoteOutlet.
 */
export function RemoteSkeleton() {
  const t = useT();
  return (
    <div className="ui-container ui-page remote-skeleton" role="status" aria-busy="true" aria-label={t('common.loading')}>
      <div className="remote-skeleton-title" />
      <div className="remote-skeleton-line" />
      <div className="remote-skeleton-block" />
      <div className="remote-skeleton-block" />
    </div>
  );
}
