import { LIMITS, POLL_MS } from '@app/contract/constants';
import type { ImageTask } from '../tasks/types.ts';
import { useImageTasks } from '../tasks/useImageTasks.ts';

// The newest few: enough for the newest request's images when it asked for several.
const PREVIEW = { page: 1, limit: LIMITS.maxImagesPerRequest, days: 7 };
const RECENT = { page: 1, limit: 16, days: 7 };

/**
 * The studio's two polled lists: the newest tasks (every second) and the last 16 of the week (every 2 s). `batch` is
 * the newest request's images in the order they were asked for: the newest task alone, or it and its siblings.
 */
export function useStudioTasks(signedIn: boolean) {
  const preview = useImageTasks(PREVIEW, POLL_MS.preview, signedIn);
  const recent = useImageTasks(RECENT, POLL_MS.recent, signedIn);
  const newest = preview.data?.tasks[0];
  return { newest, batch: batchOf(newest, preview.data?.tasks ?? []), recent: recent.data?.tasks ?? [] };
}

function batchOf(newest: ImageTask | undefined, tasks: ImageTask[]): ImageTask[] {
  if (!newest?.batchId) return newest ? [newest] : [];
  return tasks
    .filter((task) => task.batchId === newest.batchId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}
