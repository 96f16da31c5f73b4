import { addLiveCacheWriter, useInfiniteQuery, usePollingFallback } from '@app/api-client';
import { useEffect, useMemo } from 'react';
import type { TaskList } from '../tasks/useImageTasks.ts';
import { type CreationFilters, listQuery } from './creationFilters.ts';
import { creationsInterval } from './creationsInterval.ts';

/**
 * The user's tasks matching `filters`, a cursor page (20) at a time: `loadMore` asks for the page after the last
 * one. Kept current by the event stream (any task event re-reads the loaded pages), polled only while no stream is
 * open. One request per settled set of filters: the caller debounces typing before it reaches the address. `board`:
 * only the tasks on that board.
 */
export function useCreationPages(filters: CreationFilters, signedIn: boolean, board?: string) {
  const query = useMemo(() => ({ ...listQuery(filters), ...(board && { board }) }), [filters, board]);
  const refreshInterval = usePollingFallback((pages: TaskList[] | undefined) => creationsInterval(pages?.[0]));
  const { data, error, size, setSize, isValidating, mutate } = useInfiniteQuery(
    '/api/image-tasks',
    (index, previous: TaskList | null) => {
      if (!signedIn) return null;
      if (index === 0) return { params: { query } };
      return previous?.nextCursor ? { params: { query: { ...query, cursor: previous.nextCursor } } } : null;
    },
    { refreshInterval, refreshWhenHidden: false, revalidateOnFocus: false, revalidateFirstPage: true, keepPreviousData: true },
  );
  useEffect(
    () =>
      addLiveCacheWriter((event) => {
        if (event.name === 'task' || event.name === 'reset') void mutate();
      }),
    [mutate],
  );
  const tasks = useMemo(() => data?.flatMap((page) => page.tasks) ?? [], [data]);
  const last = data?.at(-1);
  const hasMore = Boolean(last?.nextCursor);
  const loadingMore = hasMore && (size > (data?.length ?? 0) || isValidating);
  return {
    first: data?.[0],
    tasks,
    error,
    hasMore,
    loadingMore,
    refresh: mutate,
    loadMore: () => {
      if (hasMore && size <= (data?.length ?? 0)) void setSize(size + 1);
    },
  };
}
