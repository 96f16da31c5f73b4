import { useEffect } from 'react';
import { POLL_MS } from '../contractConstants.ts';
import { authStore } from './authStore.ts';
import { useCurrentUserQuery } from './useCurrentUserQuery.ts';

/**
 * Asks the server who is signed in (at start and every 30 s) and writes each answer, user or null,
 * to the saved auth state. Mounted once by the layout; renders nothing.
 */
export function CurrentUserSync() {
  const { data } = useCurrentUserQuery({ refreshInterval: POLL_MS.currentUser });
  useEffect(() => {
    if (data) authStore.setUser(data.user);
  }, [data]);
  return null;
}
