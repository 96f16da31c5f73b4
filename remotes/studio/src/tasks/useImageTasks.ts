import { type GetData, type operations, usePollingFallback, useQuery } from '@app/api-client';

export interface TaskQuery {
  page: number;
  limit: number;
  days: number;
  /** `'true'`: only the starred tasks. */
  favourite?: 'true';
}

export type TaskList = GetData<'/api/image-tasks'>;

/** The task list's query parameters as the contract defines them (searches and cursor pages). */
export type TaskListQuery = NonNullable<operations['listImageTasks']['parameters']['query']>;

/**
 * A page of the user's image tasks, kept current by the event stream (see `useLiveUpdates`); polled every
 * `interval` (which may depend on the last answer) only while no stream is open. Polling pauses while the tab is hidden and nothing refetches on focus; unchanged
 * answers come back as 304 (the browser sends If-None-Match itself) and do not re-render.
 * Pass `enabled: false` for visitors, who have no tasks to ask for.
 */
export function useImageTasks(query: TaskQuery, interval: number | ((data: TaskList | undefined) => number), enabled = true) {
  const refreshInterval = usePollingFallback(interval);
  return useQuery('/api/image-tasks', enabled ? { params: { query } } : null, {
    refreshInterval,
    refreshWhenHidden: false,
    refreshWhenOffline: false,
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
}
