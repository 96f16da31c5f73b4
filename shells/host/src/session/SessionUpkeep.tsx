import { useSessionUpkeep } from '@app/api-client';
import { POLL_MS } from '../contractConstants.ts';

/**
 * Keeps the page's one session (see `useSessionUpkeep`): asked at start, then every 30 s only while no event stream
 * is open; the stream held while someone is signed in. Mounted once by the layout; renders nothing.
 */
export function SessionUpkeep() {
  useSessionUpkeep(POLL_MS.currentUser);
  return null;
}
