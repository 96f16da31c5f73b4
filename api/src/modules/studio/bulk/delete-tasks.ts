// Deleting the caller's tasks: the rows go in one transaction (all or none), then their stored images and thumbnails.
// The ledger keeps every charge and refund (balances are its sums), so history and credits used stay as they were.
import { LockMode } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Logger } from 'pino';
import type { FileStorage } from '../../../storage/storage.ts';
import { taskFileKeys } from '../files/task-files.ts';
import { taskInProgress } from '../problems.ts';
import { ImageTask, IN_FLIGHT_STATUSES } from '../tasks/image-task.entity.ts';
import { assertDeletedBefore, uniqueIds } from './chosen-tasks.ts';

/**
 * Deletes the caller's tasks named by `taskIds`; returns how many were deleted now. Ids deleted before are fine; any
 * other id that is not the caller's is a 404 and a task in progress a 409, both before anything changes.
 */
export async function deleteTasks(
  em: SqlEntityManager,
  files: { storage: FileStorage; logger: Logger },
  userId: string,
  taskIds: readonly string[],
): Promise<number> {
  const { storage, logger } = files;
  const ids = uniqueIds(taskIds);
  const deleted = await em.transactional(async (tx) => {
    // Locked, so a task cannot start or finish between the check and the delete.
    const tasks = await tx.find(ImageTask, { user: userId, taskId: { $in: ids } }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const found = new Set(tasks.map((task) => task.taskId));
    await assertDeletedBefore(
      tx,
      userId,
      ids.filter((id) => !found.has(id)),
    );
    const running = tasks.find((task) => (IN_FLIGHT_STATUSES as readonly string[]).includes(task.status));
    if (running) throw taskInProgress(running.taskId);
    if (tasks.length === 0) return [];
    // An upscale's result shown as its source's HD version goes with it (a visible change: the revision moves).
    const results = tasks.flatMap((task) => task.resultUrls);
    if (results.length > 0) {
      await tx.execute(
        'update "image_tasks" set "hd_image_url" = null, "revision" = "revision" + 1, "updated_at" = now() where "user_id" = ? and "hd_image_url" in (?)',
        [userId, results],
      );
    }
    await tx.nativeDelete(ImageTask, { id: { $in: tasks.map((task) => task.id) } });
    return tasks;
  });
  // After the commit: a failed file removal leaves an unreachable file (its name is random, and the unreferenced-files
  // sweep takes it), never a task without images.
  const keys = deleted.flatMap((task) => taskFileKeys(storage, task, { uploads: false }));
  for (const { key, error } of await storage.deleteMany(keys)) {
    logger.error({ err: error, key }, 'a deleted task left a stored file');
  }
  return deleted.length;
}
