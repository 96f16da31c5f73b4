// Queries over the live event log (`live.events`, written by triggers; see the live_events and live_task_changes
// migrations): a task's row names the task and its revision, a balance's holds the event.
import type { SqlEntityManager } from '@mikro-orm/sql';

export interface EventRow {
  id: string;
  kind: string;
  data: unknown;
}

/** Whether the event exists (not pruned yet) and is the user's. */
export async function isUsersEvent(em: SqlEntityManager, id: string, userId: string): Promise<boolean> {
  const [anchor] = await em.execute<{ id: string }[]>('select "id" from "live"."events" where "id" = ? and "user_id" = ?', [id, userId]);
  return anchor !== undefined;
}

/**
 * The user's events after `lastId`, oldest first, and also those written up to `overlap` (an SQL interval)
 * before it, since ids can commit out of order.
 */
export function findEventsSince(em: SqlEntityManager, userId: string, lastId: string, overlap: string): Promise<EventRow[]> {
  return em.execute<EventRow[]>(
    `select "id"::text as "id", "kind", "data" from "live"."events"
      where "user_id" = ? and "id" <> ?
        and ("id" > ? or "created_at" >= (select "created_at" - interval '${overlap}' from "live"."events" where "id" = ?))
      order by "id"`,
    [userId, lastId, lastId, lastId],
  );
}

/** Deletes the events written before `cutoff`. */
export async function deleteEventsBefore(em: SqlEntityManager, cutoff: Date): Promise<void> {
  await em.execute('delete from "live"."events" where "created_at" < ?', [cutoff]);
}
