import { useImageTasks } from '../tasks/useImageTasks.ts';
import { creationsInterval } from './creationsInterval.ts';

export const CREATIONS_PAGE_SIZE = 20;
const CREATIONS_DAYS = 14;

/** One page (20) of the user's tasks from the last 14 days (only the starred ones with `favourite`), polled as `creationsInterval` says. */
export function useCreations(page: number, signedIn: boolean, favourite = false) {
  const query = { page, limit: CREATIONS_PAGE_SIZE, days: CREATIONS_DAYS, ...(favourite && { favourite: 'true' as const }) };
  return useImageTasks(query, creationsInterval, signedIn);
}
