import { useState } from 'react';
import type { ImageTask } from '../tasks/types.ts';

/**
 * Which task the Image Details dialog shows. The dialog reads the task from the polled lists on
 * every render, so it refreshes by itself when the task changes (e.g. its HD address arrives);
 * the snapshot taken on open is only used once the task has left every list.
 */
export function useTaskDetails(tasks: readonly ImageTask[]) {
  const [picked, setPicked] = useState<ImageTask | null>(null);
  const task = picked ? (tasks.find((candidate) => candidate.id === picked.id) ?? picked) : null;
  return { task, open: setPicked, close: () => setPicked(null) };
}
