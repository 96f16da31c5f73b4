// The caller's tasks among the ids a bulk request names: every id must be one of theirs, else a 404 naming it
// before anything is done (another user's id is answered exactly like an id that never existed).
import type { SqlEntityManager } from '@mikro-orm/sql';
import { notFound } from '../../../errors.ts';
import { ImageTask } from '../tasks/image-task.entity.ts';
import { usageKey } from '../tasks/refund.ts';

const notYours = (taskId: string) => notFound(`No task of yours has the id ${taskId}.`);

/** The ids once each, in the order given. */
export const uniqueIds = (taskIds: readonly string[]) => [...new Set(taskIds)];

/** The caller's tasks with these ids, in the order given; 404 naming the first id that is not theirs. */
export async function chosenTasks(em: SqlEntityManager, userId: string, taskIds: readonly string[]): Promise<ImageTask[]> {
  const ids = uniqueIds(taskIds);
  const found = await em.find(ImageTask, { user: userId, taskId: { $in: ids } });
  const byId = new Map(found.map((task) => [task.taskId, task]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing) throw notYours(missing);
  return ids.map((id) => byId.get(id) as ImageTask);
}

/**
 * Ids the caller once had and deleted: their charge is still in the caller's ledger (`usage:<taskId>`, never deleted).
 * A delete repeated for these answers as the first one did; any other unknown id is a 404.
 */
export async function assertDeletedBefore(em: SqlEntityManager, userId: string, taskIds: readonly string[]): Promise<void> {
  if (taskIds.length === 0) return;
  const rows = await em.execute<{ key: string }[]>(
    'select "business_key" as "key" from "transactions" where "user_id" = ? and "business_key" in (?)',
    [userId, taskIds.map(usageKey)],
  );
  const known = new Set(rows.map((row) => row.key));
  const missing = taskIds.find((id) => !known.has(usageKey(id)));
  if (missing) throw notYours(missing);
}
