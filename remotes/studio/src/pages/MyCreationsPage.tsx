import { useSession } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, Card, LinkButton, navigate, PageHeader, Spinner, useSearchParams } from '@app/ui';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CreationFilterBar, FavouritesToggle } from '../creations/CreationFilterBar.tsx';
import { type CreationFilters, filtersHref, isFiltered, NO_FILTERS, readFilters } from '../creations/creationFilters.ts';
import { EmptyCreations } from '../creations/EmptyCreations.tsx';
import { LoginRequired } from '../creations/LoginRequired.tsx';
import { LazySelectionMode } from '../creations/selection/LazySelectionMode.tsx';
import type { Selection } from '../creations/selection/types.ts';
import { useCreationPages } from '../creations/useCreationPages.ts';
import { VirtualTaskGrid } from '../creations/VirtualTaskGrid.tsx';
import { LazyImageDetailsDialog } from '../details/LazyImageDetailsDialog.tsx';
import { useTaskDetails } from '../details/useTaskDetails.ts';
import { saveRecreate } from '../generate/recreateStorage.ts';
import type { ImageTask } from '../tasks/types.ts';
import { useRefundWatcher } from '../tasks/useRefundWatcher.ts';
import '../creations/creations.css';

// Selection mode's board action, fetched with the bar (the boards dialog is not part of this page's first load).
const AddChosenToBoardButton = lazy(() => import('../boards/AddChosenToBoardButton.tsx'));
const boardAction = (chosen: ImageTask[]) => (
  <Suspense fallback={null}>
    <AddChosenToBoardButton tasks={chosen} />
  </Suspense>
);

/** Whether the focused element went away (the focus fell back to the page itself). */
const focusDropped = () => !document.activeElement || document.activeElement === document.body;

// Recreate from here hands everything to the studio, which opens the matching tab prefilled.
export function recreate(task: ImageTask) {
  const { prompt, model, aspectRatio, generationType, inputImageUrls } = task;
  saveRecreate({ prompt, model, aspectRatio, generationType, inputImageUrls });
  navigate('/generate');
}

export function upscale(task: ImageTask) {
  const image = task.resultUrls[0];
  if (image) navigate(`/generate?tab=upscale_hd&scale=x4&upscaleImage=${encodeURIComponent(image)}`);
}

/**
 * /my-creations: the user's tasks, the last 14 days by default; a search over the prompts and filters (kind, status,
 * origin, dates, favourites) kept in the address; cursor pages loaded as the grid scrolls, the grid virtualised.
 */
export function MyCreationsPage() {
  const t = useT();
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  const filters = useMemo(() => readFilters(searchParams), [searchParams]);
  const setFilters = useCallback((next: CreationFilters) => navigate(filtersHref(next), { replace: true }), []);
  const list = useCreationPages(filters, Boolean(user));
  useRefundWatcher(list.tasks);
  const details = useTaskDetails(list.tasks);
  const [selecting, setSelecting] = useState(false);
  const filtered = isFiltered(filters);
  // Done takes the bar (and the focused button) away: the focus goes back to Select, not to the top of the page.
  const actions = useRef<HTMLDivElement>(null);
  const wasSelecting = useRef(false);
  useEffect(() => {
    if (wasSelecting.current && !selecting && focusDropped()) {
      actions.current?.querySelector<HTMLElement>('[data-selection-start]')?.focus({ preventScroll: true });
    }
    wasSelecting.current = selecting;
  }, [selecting]);

  const spinner = (
    <div className="studio-creations-spinner">
      <Spinner size="lg" />
    </div>
  );

  function count(total: number, capped: boolean) {
    if (capped) return t('studio.matchesCountCapped', { count: total });
    if (!filtered) return t('studio.creationsCount', { count: total });
    if (filtered && filtersHref({ ...NO_FILTERS, favourite: true }) === filtersHref(filters))
      return t('studio.favouritesCount', { count: total });
    return t('studio.matchesCount', { count: total });
  }

  // In selection mode (loaded on first use) a press on a card chooses it instead of opening it.
  const grid = (selection?: Selection) => (
    <VirtualTaskGrid
      tasks={list.tasks}
      onOpen={details.open}
      label={t('studio.myCreationsTitle')}
      onEnd={list.loadMore}
      selection={selection}
    />
  );

  function results() {
    const first = list.first;
    if (list.error && !first) return <Card className="ui-muted">{t('studio.creationsError')}</Card>;
    if (!first) return spinner;
    if (first.total === 0) {
      const onlyFavourites = filtersHref(filters) === filtersHref({ ...NO_FILTERS, favourite: true });
      return (
        <Card className="ui-muted studio-creations-none" data-testid="creations-no-matches">
          <p>{onlyFavourites ? t('studio.favouritesEmpty') : t('studio.noMatches')}</p>
          <Button variant="secondary" size="sm" onPress={() => setFilters(NO_FILTERS)}>
            {t('studio.clearFilters')}
          </Button>
        </Card>
      );
    }
    return (
      <>
        {selecting ? (
          <LazySelectionMode tasks={list.tasks} grid={grid} onDone={() => setSelecting(false)} extraActions={boardAction} />
        ) : (
          grid()
        )}
        <div className="studio-creations-more" aria-live="polite">
          {list.loadingMore ? <Spinner label={t('studio.loadingMore')} /> : null}
        </div>
      </>
    );
  }

  function content() {
    if (user === null) return <LoginRequired />;
    if (!user) return spinner;
    // The studio's empty state only when nothing narrows the view and nothing is there.
    if (!filtered && list.first?.total === 0) return <EmptyCreations />;
    return (
      <>
        <CreationFilterBar filters={filters} onChange={setFilters} />
        <div className="studio-creations-actions" ref={actions}>
          <FavouritesToggle filters={filters} onChange={setFilters} />
          {filtered && (
            <Button variant="secondary" size="sm" onPress={() => setFilters(NO_FILTERS)}>
              {t('studio.clearFilters')}
            </Button>
          )}
          {list.first && list.first.total > 0 && !selecting && (
            <Button variant="secondary" size="sm" data-selection-start onPress={() => setSelecting(true)}>
              {t('studio.select')}
            </Button>
          )}
          {list.first && list.first.total > 0 && (
            <p className="studio-creations-count" aria-live="polite">
              {count(list.first.total, list.first.totalCapped)}
            </p>
          )}
        </div>
        {results()}
      </>
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

// What a board's page shares with this one, taken from here so that the shared code stays in this page's chunk
// (imported one by one, the boards chunk would split it into more files that /generate and /my-creations load too).
export { LazyImageDetailsDialog, LoginRequired, useCreationPages, useTaskDetails, VirtualTaskGrid };
/** My Creations over the whole history, unfiltered (a board's page narrows it to the board). */
export const WHOLE_HISTORY: CreationFilters = { ...NO_FILTERS, when: 'all' };
