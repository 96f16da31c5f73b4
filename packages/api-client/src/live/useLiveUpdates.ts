import { useEffect, useSyncExternalStore } from 'react';
import { type Cache, unstable_serialize, useSWRConfig } from 'swr';
import { KEY_PREFIX as PREFIX } from '../query.ts';
import { type LiveEvent, liveChannel } from './liveChannel.ts';

const TASKS = '/api/image-tasks';
const CURRENT_USER = '/api/auth/current-user';

/** What a `task` event carries (see the contract's LiveTaskEvent). */
interface TaskEvent {
  id: string;
  revision: number;
  [field: string]: unknown;
}

type Key = readonly [string, string, { params?: { query?: { page?: number } } }?];

const isKey = (key: unknown, path: string): key is Key => Array.isArray(key) && key[0] === PREFIX && key[1] === path;

/** Newest revision applied per task: a replayed or late event never rolls a task back. */
const revisions = new Map<string, number>();

/** What the cache holds for a key (undefined while it is blank, e.g. being re-read after an invalidation). */
const cached = (cache: Cache, key: Key) => cache.get(unstable_serialize(key))?.data as Record<string, unknown> | undefined;

function hasTask(cache: Cache, key: Key, id: string): boolean {
  const tasks = cached(cache, key)?.tasks as { id: string }[] | undefined;
  return Boolean(tasks?.some((task) => task.id === id));
}

/**
 * Mounted once (by the host, for a signed-in user): shares one event stream per browser and writes its events into
 * the SWR caches, so the task lists and the credits badge change without polling. Tabs that become visible again
 * re-read once (events may have passed while no tab held the stream).
 */
export function useLiveUpdates(
  enabled: boolean,
  url = `${(globalThis as { __API_BASE_URL__?: string }).__API_BASE_URL__ ?? ''}/api/events`,
) {
  const { mutate, cache } = useSWRConfig();
  useEffect(() => {
    if (!enabled) return;
    // One argument: revalidate and keep what is shown (an explicit `undefined` would blank the data meanwhile).
    const refetch = (...paths: string[]) => mutate((key) => paths.some((path) => isKey(key, path)));
    const apply = (event: LiveEvent) => {
      if (event.name === 'reset') {
        refetch(TASKS, CURRENT_USER);
      } else if (event.name === 'balance') {
        const { credits } = event.data as { credits: number };
        // Written in place where the user is shown. A blank entry is being re-read: read it again instead, since a
        // mutation here would make SWR drop the answer in flight (and that read may predate this change).
        mutate(
          (key) => isKey(key, CURRENT_USER) && Boolean(cached(cache, key)?.user),
          (data: { user: { credits: number } | null } | undefined) => (data?.user ? { ...data, user: { ...data.user, credits } } : data),
          { revalidate: false },
        );
        mutate((key) => isKey(key, CURRENT_USER) && cached(cache, key) === undefined);
      } else {
        const task = event.data as TaskEvent;
        if ((revisions.get(task.id) ?? 0) > task.revision) return;
        revisions.set(task.id, task.revision);
        const { revision: _revision, ...fields } = task;
        mutate(
          (key) => isKey(key, TASKS) && hasTask(cache, key, task.id),
          (data: { tasks: { id: string }[] } | undefined) =>
            data && { ...data, tasks: data.tasks.map((item) => (item.id === task.id ? { ...item, ...fields } : item)) },
          { revalidate: false },
        );
        // A first page without the task is read again: the task is new, or that list's last read lost a race (a
        // re-read in flight while the task was created); either way the next event of the task repairs it.
        mutate(
          (key) =>
            isKey(key, TASKS) &&
            (cached(cache, key) === undefined || ((key[2]?.params?.query?.page ?? 1) === 1 && !hasTask(cache, key, task.id))),
        );
      }
    };
    const offEvent = liveChannel.onEvent(apply);
    let wasLive = liveChannel.live;
    let everLive = wasLive;
    const offStatus = liveChannel.onStatus(() => {
      const { live } = liveChannel;
      // Reopened (a reconnect, a new leader, a tab shown again): what changed meanwhile is read once. The first open
      // needs nothing, the lists were just read. A close alone reads nothing: the browser reconnects, and a read now
      // could still carry a session id being replaced (a password change ends the old session's stream before its
      // answer brings the new cookie), answering "signed out" for a user who is not.
      if (live && !wasLive && everLive && document.visibilityState === 'visible') refetch(TASKS, CURRENT_USER);
      wasLive = live;
      everLive ||= live;
    });
    // Refused on reconnect: the session has ended (sign-out, a password changed elsewhere, a disabled account).
    const offRefused = liveChannel.onRefused(() => refetch(CURRENT_USER));
    liveChannel.start(url);
    return () => {
      offEvent();
      offStatus();
      offRefused();
      liveChannel.stop();
    };
  }, [enabled, url, mutate, cache]);
}

/** Whether events arrive (in this tab, from whichever tab holds the stream): polling is then off. */
export function useLiveStatus(): boolean {
  return useSyncExternalStore(
    (listener) => liveChannel.onStatus(listener),
    () => liveChannel.live,
    () => false,
  );
}

/** The spec's polling interval, only while no event stream is open (the fallback). */
export function usePollingFallback<T>(interval: T): T | 0 {
  return useLiveStatus() ? 0 : interval;
}
