// Admin tools over finished tasks: look-ups, re-checking failed tasks with the provider, deleting failed tasks.
import type { SqlEntityManager } from '@mikro-orm/sql';
import { thumbnailKeyFor } from '../../../images/thumbnail.ts';
import { storeResults } from '../jobs/work-on-task.ts';
import type { StudioRuntime } from '../runtime.ts';
import { ImageTask } from './image-task.entity.ts';
import { ImageTaskRepository } from './image-task.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One user's task by its public id (the automation API's status look-up); null when missing or someone else's. */
export function findTaskForUser(em: SqlEntityManager, userId: string, taskId: string): Promise<ImageTask | null> {
  return em.findOne(ImageTask, { user: userId, taskId });
}

export interface RecheckResult {
  checked: number;
  /** Tasks the provider had in fact finished: their results are stored and they are completed now. */
  recovered: number;
}

/**
 * Asks the provider again about failed tasks created in the last `sinceMs` (default 24 h, spec 001 §9).
 * A task the provider finished after all gets its results stored and becomes completed (guarded on
 * `status = 'failed'`). Its refund stands: the user was told it failed and got the credits back, and
 * nothing is charged again behind their back. Provider errors skip the task.
 */
export async function recheckFailedTasks(runtime: StudioRuntime, options: { sinceMs?: number } = {}): Promise<RecheckResult> {
  const em = runtime.orm.em.fork();
  const since = new Date(Date.now() - (options.sinceMs ?? DAY_MS));
  const tasks = await em.find(ImageTask, { status: 'failed', providerTaskId: { $ne: null }, createdAt: { $gte: since } });
  let recovered = 0;
  for (const task of tasks) {
    try {
      const status = await runtime.gateway.status(em, task);
      if (status.state !== 'success' || !status.resultUrls?.length) continue;
      const stored = await storeResults(runtime.work, task, status.resultUrls);
      if (await new ImageTaskRepository(em).markCompletedIfFailed(task.id, stored.urls, stored.thumbnailUrl)) recovered += 1;
    } catch {
      // Unknown upstream, unreachable, or a broken file: it stays failed.
    }
  }
  return { checked: tasks.length, recovered };
}

/**
 * Deletes failed tasks older than `olderThanMs` (default: all) with their stored results and thumbnails.
 * Only tasks whose credits are settled (refunded, or free) go; a failed task still owed a refund stays.
 * Uploaded references are kept (other tasks may use them). Returns how many tasks were deleted.
 */
export async function deleteFailedTasks(runtime: StudioRuntime, options: { olderThanMs?: number } = {}): Promise<number> {
  const em = runtime.orm.em.fork();
  const before = new Date(Date.now() - (options.olderThanMs ?? 0));
  const tasks = await em.find(ImageTask, {
    status: 'failed',
    createdAt: { $lte: before },
    $or: [{ refunded: true }, { creditsUsed: 0 }],
  });
  let deleted = 0;
  for (const task of tasks) {
    const removed = await em.nativeDelete(ImageTask, { id: task.id, status: 'failed' });
    if (!removed) continue;
    deleted += 1;
    for (const url of task.resultUrls) {
      const key = runtime.storage.keyFromPublicUrl(url);
      if (!key?.startsWith('results/')) continue;
      await runtime.storage.delete(key);
      await runtime.storage.delete(thumbnailKeyFor(key));
    }
  }
  return deleted;
}
