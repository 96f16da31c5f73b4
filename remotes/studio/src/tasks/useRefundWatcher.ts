import { useRefreshSession } from '@app/api-client';
import { useEffect, useRef } from 'react';
import { isInProgress } from './taskLabels.ts';
import type { ImageTask } from './types.ts';

/**
 * A task that was in progress and is now failed has been refunded by the server:
 * re-read the balance so the header shows the credits back without waiting for its 30 s poll.
 */
export function useRefundWatcher(tasks: ImageTask[] | undefined) {
  const refreshBalance = useRefreshSession();
  const seen = useRef(new Map<string, ImageTask['status']>());
  useEffect(() => {
    if (!tasks) return;
    let refunded = false;
    for (const task of tasks) {
      const before = seen.current.get(task.id);
      if (before && isInProgress(before) && task.status === 'failed') refunded = true;
      seen.current.set(task.id, task.status);
    }
    if (refunded) refreshBalance();
  }, [tasks, refreshBalance]);
}
