// `Prefer: wait=N` (RFC 7240, as Replicate's sync mode): a submission may hold its answer until the task
// ends or N seconds pass, so a simple client needs no polling. The task is re-read from the database, so
// it works whichever process runs the task.
import { setTimeout as sleep } from 'node:timers/promises';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { findTaskForUser, type ImageTask } from '../studio/index.ts';

export const MAX_WAIT_SECONDS = 60;

/** The `wait` preference in seconds (capped at 60), or null when absent or unreadable (preferences are hints). */
export function preferredWait(prefer: string | undefined): number | null {
  const match = /(?:^|[,;]\s*)wait\s*=\s*"?(\d{1,6})"?\s*(?:[,;]|$)/i.exec(prefer ?? '');
  if (!match?.[1]) return null;
  const seconds = Number(match[1]);
  return seconds > 0 ? Math.min(seconds, MAX_WAIT_SECONDS) : null;
}

const hasEnded = (task: ImageTask) => task.status === 'completed' || task.status === 'failed';

/**
 * Re-reads the task (every 250 ms, slowing to 1 s) until it has ended, `seconds` pass or `signal` aborts
 * (the client went away); returns the last state read.
 */
export async function waitForTaskEnd(
  em: SqlEntityManager,
  userId: string,
  taskId: string,
  seconds: number,
  signal: AbortSignal,
): Promise<ImageTask | null> {
  const deadline = Date.now() + seconds * 1000;
  let pause = 250;
  for (;;) {
    const task = await findTaskForUser(em.fork(), userId, taskId);
    const left = deadline - Date.now();
    if (!task || hasEnded(task) || left <= 0 || signal.aborted) return task;
    await sleep(Math.min(pause, left), undefined, { signal }).catch(() => undefined);
    pause = Math.min(pause * 2, 1000);
  }
}
