// Leases on due tasks: several runners (in one or many processes) share the table without doing a task twice.
import type { SqlEntityManager } from '@mikro-orm/sql';

/**
 * Reserves up to `limit` due in-flight tasks for `owner` until now + `leaseMs` and returns their ids.
 * `for update skip locked` lets concurrent claimers pass each other; an expired lease (a crashed or stopped
 * runner) makes a task claimable again.
 */
export async function claimDueTasks(em: SqlEntityManager, owner: string, leaseMs: number, limit: number): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(
    `update "image_tasks" set "lease_until" = now() + (? * interval '1 millisecond'), "lease_owner" = ?
      where "id" in (select "id" from "image_tasks"
                      where "status" in ('pending', 'generating') and "next_check_at" <= now()
                        and ("lease_until" is null or "lease_until" < now())
                      order by "next_check_at" limit ? for update skip locked)
      returning "id"`,
    [leaseMs, owner, limit],
  );
  return rows.map((row) => row.id);
}

/** Gives a task back (only if this owner still holds it), so the next check does not wait for the lease to expire. */
export async function releaseLease(em: SqlEntityManager, id: string, owner: string): Promise<void> {
  await em.execute(`update "image_tasks" set "lease_until" = null, "lease_owner" = null where "id" = ? and "lease_owner" = ?`, [id, owner]);
}
