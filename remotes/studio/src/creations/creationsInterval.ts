import { POLL_MS } from '@app/contract/constants';
import { isInProgress } from '../tasks/taskLabels.ts';
import type { ImageTask } from '../tasks/types.ts';

/** Every 2 s while a task on the page is still running, every 10 s otherwise. */
export function creationsInterval(data: { tasks: Pick<ImageTask, 'status'>[] } | undefined): number {
  return data?.tasks.some((task) => isInProgress(task.status)) ? POLL_MS.creationsActive : POLL_MS.creationsIdle;
}
