import { useT } from '@app/i18n';
import { LinkButton } from '@app/ui';
import { Suspense } from 'react';
import { LazyTaskGrid } from '../deferred/lazyParts.tsx';
import type { ImageTask } from '../tasks/types.ts';

/** 'Recent Images': the first 8 of the recent tasks, with a way to all creations; nothing when empty. */
export function RecentImages({ tasks, onOpen }: { tasks: ImageTask[]; onOpen: (task: ImageTask) => void }) {
  const t = useT();
  if (tasks.length === 0) return null;
  // The whole section shows once the cards have loaded, so its heading does not sit alone meanwhile.
  return (
    <Suspense fallback={null}>
      <section className="studio-recent" aria-labelledby="studio-recent-title">
        <div className="studio-recent-head">
          <h2 id="studio-recent-title">{t('studio.recentTitle')}</h2>
          <LinkButton href="/my-creations" variant="secondary" size="sm">
            {t('studio.viewAllCreations')}
          </LinkButton>
        </div>
        <LazyTaskGrid tasks={tasks.slice(0, 8)} onOpen={onOpen} label={t('studio.recentTitle')} />
      </section>
    </Suspense>
  );
}
