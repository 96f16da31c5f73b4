import { useLiveUpdates, usePollingFallback } from '@app/api-client';
import { useEffect } from 'react';
import { POLL_MS } from '../contractConstants.ts';
import { authStore } from './authStore.ts';
import { useCurrentUser } from './useCurrentUser.ts';
import { useCurrentUserQuery } from './useCurrentUserQuery.ts';

/**
 * Asks the server who is signed in (at start, then every 30 s only while no event stream is open) and writes each
 * answer, user or null, to the saved auth state. For a signed-in user it holds the browser's shared event stream,
 * whose events update the caches (tasks, balance). Mounted once by the layout; renders nothing.
 */
export function CurrentUserSync() {
  const { data } = useCurrentUserQuery({ refreshInterval: usePollingFallback(POLL_MS.currentUser) });
  // The saved state, not `data`: a re-read blanks `data` for a moment, which must not drop the stream.
  useLiveUpdates(Boolean(useCurrentUser().user));
  useEffect(() => {
    if (data) authStore.setUser(data.user);
  }, [data]);
  return null;
}
