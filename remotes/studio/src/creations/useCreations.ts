import { useImageTasks } from '../tasks/useImageTasks.ts';
import { creationsInterval } from './creationsInterval.ts';

export const CREATIONS_PAGE_SIZE = 20;
const CREATIONS_DAYS = 14;

/** One page (20) of the user's tasks from the last 14 days, polled as `creationsInterval` says. */
export function useCreations(page: number, signedIn: boolean) {
  return useImageTasks({ page, limit: CREATIONS_PAGE_SIZE, days: CREATIONS_DAYS }, creationsInterval, signedIn);
}
