import { POLL_MS } from '@app/contract/constants';
import { useImageTasks } from '../tasks/useImageTasks.ts';

const PREVIEW = { page: 1, limit: 1, days: 7 };
const RECENT = { page: 1, limit: 16, days: 7 };

/** The studio's two polled lists: the newest task (every second) and the last 16 of the week (every 2 s). */
export function useStudioTasks(signedIn: boolean) {
  const preview = useImageTasks(PREVIEW, POLL_MS.preview, signedIn);
  const recent = useImageTasks(RECENT, POLL_MS.recent, signedIn);
  return { newest: preview.data?.tasks[0], recent: recent.data?.tasks ?? [] };
}
