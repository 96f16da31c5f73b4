// How many image tasks a user created, for the stats card (the studio owns `image_tasks`).
import type { SqlEntityManager } from '@mikro-orm/sql';
import { ImageTask } from '../../studio/index.ts';

/** Image tasks of the user in any status (web and API alike). */
export function countImageTasks(em: SqlEntityManager, userId: string): Promise<number> {
  return em.count(ImageTask, { user: userId });
}
