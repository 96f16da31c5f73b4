// `Prefer: wait=N` (RFC 7240, as Replicate's sync mode): a submission may hold its answer until the task
// ends or N seconds pass, so a simple client needs no polling. The task is re-read when the database announces
// its change, so it works whichever process runs the task.
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

/** A re-read this often even without a word from the database (its notifications lost while it reconnects). */
const BACKSTOP_MS = 5000;

/** Who tells of a task's committed changes (the live hub: the database's notifications, from any process). */
interface TaskChanges {
  onTaskChanged(listener: (change: { taskId: string }) => void): () => void;
}

/**
 * Waits until the task has ended, `seconds` pass or `signal` aborts (the client went away); returns the last state
 * read. The task is re-read when the database announces a change of it (committed, by any process), so the answer
 * leaves the moment the completion commits.
 */
export async function waitForTaskEnd(
  em: SqlEntityManager,
  changes: TaskChanges,
  userId: string,
  taskId: string,
  seconds: number,
  signal: AbortSignal,
): Promise<ImageTask | null> {
  const deadline = Date.now() + seconds * 1000;
  let heard = false;
  let wakeUp = () => {};
  const off = changes.onTaskChanged((change) => {
    if (change.taskId !== taskId) return;
    heard = true;
    wakeUp();
  });
  const onAbort = () => wakeUp();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      heard = false;
      const task = await findTaskForUser(em.fork(), userId, taskId);
      const left = deadline - Date.now();
      if (!task || hasEnded(task) || left <= 0 || signal.aborted) return task;
      // A change heard while reading is read again at once.
      if (heard) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, BACKSTOP_MS));
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = () => {};
    }
  } finally {
    off();
    signal.removeEventListener('abort', onAbort);
  }
}
