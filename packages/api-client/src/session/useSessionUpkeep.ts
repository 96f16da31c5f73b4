import { useEffect } from 'react';
import { liveChannel } from '../live/liveChannel.ts';
import { addLiveCacheWriter, type LiveCacheWriter, useLiveUpdates, usePollingFallback } from '../live/useLiveUpdates.ts';
import { isApiKey } from '../query.ts';
import { saveUser } from './savedSession.ts';
import { SESSION_PATH, sessionOf, useSessionQuery } from './useSession.ts';

/**
 * The session's share of the event stream: a `balance` event writes the credits in place where a user is shown; a
 * blank entry is being re-read, so it is read again instead (a write now would make SWR drop the answer in flight,
 * which may predate the change). A `reset` (events were missed) re-reads it.
 */
const writeSessionEvent: LiveCacheWriter = (event, { mutate, read }) => {
  const isSession = (key: unknown) => isApiKey(key, SESSION_PATH);
  if (event.name === 'reset') {
    void mutate(isSession);
  } else if (event.name === 'balance') {
    const { credits } = event.data as { credits: number };
    const shown = (key: unknown) => Boolean((read(key) as { user?: unknown } | undefined)?.user);
    void mutate(
      (key) => isSession(key) && shown(key),
      (data: { user: { credits: number } | null } | undefined) => (data?.user ? { ...data, user: { ...data.user, credits } } : data),
      { revalidate: false },
    );
    void mutate((key) => isSession(key) && read(key) === undefined);
  }
};

/**
 * Keeps the page's session, mounted once by the host: asks the server at start, then every `pollMs` only while no
 * event stream is open; saves each answer (auth-storage); holds the browser's shared event stream while someone is
 * signed in; and asks again when the stream's reconnect is refused (the session may have ended elsewhere). A stream
 * that merely drops asks nothing: a password change on this page ends the old session's stream before its answer
 * brings the new cookie, and a read meanwhile would answer "signed out" for a user who is not.
 */
export function useSessionUpkeep(pollMs: number): void {
  const entry = useSessionQuery({ refreshInterval: usePollingFallback(pollMs) });
  const { data, mutate } = entry.query;
  const { user } = sessionOf(entry);
  useEffect(() => {
    if (data) saveUser(data.user);
  }, [data]);
  useEffect(() => addLiveCacheWriter(writeSessionEvent), []);
  useEffect(() => liveChannel.onRefused(() => void mutate()), [mutate]);
  useLiveUpdates(Boolean(user));
}
