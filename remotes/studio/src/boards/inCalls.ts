import { BOARD_LIMITS } from '@app/contract/constants';

/** Task ids in calls of at most `BOARD_LIMITS.taskIdsMax` each (the most one add or remove call takes), in order. */
export function inCalls(taskIds: string[]): string[][] {
  const calls: string[][] = [];
  for (let start = 0; start < taskIds.length; start += BOARD_LIMITS.taskIdsMax) {
    calls.push(taskIds.slice(start, start + BOARD_LIMITS.taskIdsMax));
  }
  return calls;
}
