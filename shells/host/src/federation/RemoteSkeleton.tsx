import type { RemoteName } from '@app/contract/constants';
import { messagesLoaded, useI18n } from '@app/i18n';
import { PageHeader } from '@app/ui';
import { REMOTE_PAGE_HEADS } from './pageHeads.ts';
import './RemoteSkeleton.css';

/**
 * What a section shows while its remote (code and messages) loads: the outline of a page (a heading,
 * a line of text, content blocks), inside the screen-tall `.remote-section` of RemoteOutlet. On a page
 * whose head is known and whose messages are here, the real title and subtitle stand in for the first two.
 */
export function RemoteSkeleton({ remote, page }: { remote: RemoteName; page?: string }) {
  const { t, language } = useI18n();
  const head = page === undefined ? undefined : REMOTE_PAGE_HEADS[page as keyof typeof REMOTE_PAGE_HEADS];
  return (
    <div className="ui-container ui-page remote-skeleton" role="status" aria-busy="true" aria-label={t('common.loading')}>
      {head && messagesLoaded(language, [remote]) ? (
        // Seen, not read out: the section announces itself as loading, and the page's own heading follows.
        <div className="remote-skeleton-head" aria-hidden="true">
          <PageHeader title={t(head.title)} subtitle={t(head.subtitle)} />
        </div>
      ) : (
        <>
          <div className="remote-skeleton-title" />
          <div className="remote-skeleton-line" />
        </>
      )}
      <div className="remote-skeleton-block" />
      <div className="remote-skeleton-block" />
    </div>
  );
}
