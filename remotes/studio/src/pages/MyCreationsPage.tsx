import { useSession } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, Card, LinkButton, navigate, PageHeader, Pagination, Spinner, useSearchParams } from '@app/ui';
import { Suspense, useState } from 'react';
import { EmptyCreations } from '../creations/EmptyCreations.tsx';
import { LoginRequired } from '../creations/LoginRequired.tsx';
import { CREATIONS_PAGE_SIZE, useCreations } from '../creations/useCreations.ts';
import { LazyTaskGrid } from '../deferred/lazyParts.tsx';
import { LazyImageDetailsDialog } from '../details/LazyImageDetailsDialog.tsx';
import { useTaskDetails } from '../details/useTaskDetails.ts';
import { saveRecreate } from '../generate/recreateStorage.ts';
import type { ImageTask } from '../tasks/types.ts';
import { useRefundWatcher } from '../tasks/useRefundWatcher.ts';
import '../creations/creations.css';

// Recreate from here hands everything to the studio, which opens the matching tab prefilled.
function recreate(task: ImageTask) {
  const { prompt, model, aspectRatio, generationType, inputImageUrls } = task;
  saveRecreate({ prompt, model, aspectRatio, generationType, inputImageUrls });
  navigate('/generate');
}

function upscale(task: ImageTask) {
  const image = task.resultUrls[0];
  if (image) navigate(`/generate?tab=upscale_hd&scale=x4&upscaleImage=${encodeURIComponent(image)}`);
}

/** Whether the address asks for the favourites only (`?favourite=1`, so the filtered page can be bookmarked). */
const FAVOURITE_PARAM = 'favourite';

/**
 * /my-creations: the user's tasks of the last 14 days, 20 a page, with the Image Details dialog; a star on each card,
 * and a Favourites toggle kept in the address.
 */
export function MyCreationsPage() {
  const t = useT();
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  const favourite = searchParams.get(FAVOURITE_PARAM) === '1';
  const [page, setPage] = useState(1);
  const { data, error } = useCreations(page, Boolean(user), favourite);
  useRefundWatcher(data?.tasks);
  const details = useTaskDetails(data?.tasks ?? []);
  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / CREATIONS_PAGE_SIZE));

  const spinner = (
    <div className="studio-creations-spinner">
      <Spinner size="lg" />
    </div>
  );

  function content() {
    if (user === null) return <LoginRequired />;
    if (error && !data) return <Card className="ui-muted">{t('studio.creationsError')}</Card>;
    if (!user || !data) return spinner;
    if (data.total === 0 && !favourite) return <EmptyCreations />;
    const filter = (
      <div className="studio-creations-toolbar">
        <Button
          variant="secondary"
          size="sm"
          className="studio-creations-filter"
          aria-pressed={favourite}
          data-selected={favourite || undefined}
          onPress={() => {
            setPage(1);
            navigate(favourite ? '/my-creations' : `/my-creations?${FAVOURITE_PARAM}=1`, { replace: true });
          }}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
          </svg>
          {t('studio.favouritesOnly')}
        </Button>
      </div>
    );
    if (data.total === 0)
      return (
        <>
          {filter}
          <Card className="ui-muted studio-creations-none">{t('studio.favouritesEmpty')}</Card>
        </>
      );
    // The cards download with the first page that has any; the spinner stays until then.
    return (
      <Suspense fallback={spinner}>
        {filter}
        <p className="studio-creations-count">
          {favourite ? t('studio.favouritesCount', { count: data.total }) : t('studio.creationsCount', { count: data.total })}
        </p>
        <LazyTaskGrid tasks={data.tasks} onOpen={details.open} label={t('studio.myCreationsTitle')} favourites />
        <Pagination
          className="studio-creations-pagination"
          page={Math.min(page, pageCount)}
          pageCount={pageCount}
          onPageChange={(next) => {
            setPage(next);
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      </Suspense>
    );
  }

  return (
    <div className="ui-container ui-page studio-page">
      <PageHeader
        title={t('studio.myCreationsTitle')}
        subtitle={t('studio.myCreationsSubtitle')}
        actions={
          user && (
            <LinkButton href="/generate" variant="primary">
              {t('studio.newImage')}
            </LinkButton>
          )
        }
      />
      {content()}
      <LazyImageDetailsDialog task={details.task} onClose={details.close} onRecreate={recreate} onUpscale={upscale} />
    </div>
  );
}
