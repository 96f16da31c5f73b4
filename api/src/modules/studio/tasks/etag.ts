// Strong ETags for the task list, so the studio's 1-2 s polling costs one small query when nothing changed.
import { createHash } from 'node:crypto';
import { queryKey } from '../../../http/query-key.ts';
import type { TaskPageQuery, TaskPageVersion } from './image-task.repository.ts';

/** Bump when the presented shape changes, so old tags stop matching. */
const FORMAT = 'tasks-v1';

/**
 * The page digest as the database computes it in `pageVersion`: md5 of `id:revision` joined by commas,
 * newest first; 'empty' for an empty page. Computed from loaded rows, it tags exactly what is sent.
 */
export function pageSignature(tasks: readonly { id: string; revision: number }[]): string {
  if (tasks.length === 0) return 'empty';
  return createHash('md5')
    .update(tasks.map((task) => `${task.id}:${task.revision}`).join(','))
    .digest('hex');
}

/** A strong ETag over who asks, the whole validated query, the window's total and the page's tasks and revisions. */
export function taskListEtag(userId: string, query: TaskPageQuery, version: TaskPageVersion): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([FORMAT, userId, queryKey(query), version.total, version.signature]))
    .digest('base64url');
  return `"${digest.slice(0, 32)}"`;
}

/** Whether `If-None-Match` (a list, `*`, weak or strong tags) matches the current tag (weak comparison, RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}
