// The live stream's task events, built from the tasks' rows by the studio's presenter: the database only says which
// task changed (its id, owner and revision); what a browser receives is the contract's `LiveTaskEvent`.
import type { LiveTaskEvent } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { ImageTaskRepository, presentLiveTask } from '../studio/index.ts';

/** What a task notification (and a stored task event) carries: `d` of kind `task`. */
export interface TaskChange {
  /** The task's row id and public id. */
  id: string;
  taskId: string;
  /** Its owner: only their streams hear about it. */
  userId: string;
  /** The task's revision when it was announced (the event sent carries the revision it is built at). */
  revision: number;
}

/** The task a `task` event's data names, or undefined when it names none. */
export function taskChangeOf(userId: string, data: unknown): TaskChange | undefined {
  const { id, taskId, revision } = (data ?? {}) as Partial<Record<keyof TaskChange, unknown>>;
  if (typeof id !== 'string' || typeof taskId !== 'string' || typeof revision !== 'number') return undefined;
  return { id, taskId, userId, revision };
}

/** Tasks' current events by row id, with their owners. */
export type TaskEvents = Map<string, { userId: string; event: LiveTaskEvent }>;

/** The current events of these tasks; one query however many. Deleted tasks are left out. */
export async function loadTaskEvents(em: SqlEntityManager, ids: readonly string[]): Promise<TaskEvents> {
  const events: TaskEvents = new Map();
  if (!ids.length) return events;
  for (const row of await new ImageTaskRepository(em).findRows([...new Set(ids)])) {
    events.set(row.id, { userId: row.ownerId, event: presentLiveTask(row) });
  }
  return events;
}

/** The event of a changed task, for its owner only (undefined once the task is gone). */
export function eventFor(tasks: TaskEvents, change: TaskChange): LiveTaskEvent | undefined {
  const task = tasks.get(change.id);
  return task?.userId === change.userId ? task.event : undefined;
}
