import { useEffect, useSyncExternalStore } from 'react';
import { type Key, type ScopedMutator, unstable_serialize, useSWRConfig } from 'swr';
import { type LiveEvent, liveChannel } from './liveChannel.ts';

/** The page's SWR cache (one for the host and every remote), as a writer of live events sees it. */
export interface LiveCache {
  mutate: ScopedMutator;
  /** What the cache holds for a key: undefined while it is blank (e.g. being re-read after an invalidation). */
  read(key: unknown): unknown;
}

/**
 * What one part of the UI does with the stream's events in the cache it reads: the session its balance, the studio
 * its task lists. `reset` means events were missed (the server said so, or the stream reopened after a gap): re-read.
 */
export type LiveCacheWriter = (event: LiveEvent, cache: LiveCache) => void;

const writers = new Set<LiveCacheWriter>();

/** Adds a writer for as long as the page lives, or until the returned function removes it. */
export function addLiveCacheWriter(writer: LiveCacheWriter): () => void {
  writers.add(writer);
  return () => writers.delete(writer);
}

/** Events may have passed while no tab held the stream. */
const MISSED: LiveEvent = { name: 'reset', data: null };

/**
 * Shares one event stream per browser while `enabled` (someone is signed in) and hands its events to the writers,
 * so what they show changes without polling. A stream that reopens after a gap (a reconnect, a new leader, a tab
 * shown again) counts as missed events; its first open does not (what is shown was just read), nor does a close
 * alone: the browser reconnects.
 */
export function useLiveUpdates(
  enabled: boolean,
  url = `${(globalThis as { __API_BASE_URL__?: string }).__API_BASE_URL__ ?? ''}/api/events`,
) {
  const { mutate, cache } = useSWRConfig();
  useEffect(() => {
    if (!enabled) return;
    const swr: LiveCache = { mutate, read: (key) => cache.get(unstable_serialize(key as Key))?.data };
    const apply = (event: LiveEvent) => {
      for (const write of writers) write(event, swr);
    };
    const offEvent = liveChannel.onEvent(apply);
    let wasLive = liveChannel.live;
    let everLive = wasLive;
    const offStatus = liveChannel.onStatus(() => {
      const { live } = liveChannel;
      if (live && !wasLive && everLive && document.visibilityState === 'visible') apply(MISSED);
      wasLive = live;
      everLive ||= live;
    });
    liveChannel.start(url);
    return () => {
      offEvent();
      offStatus();
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
