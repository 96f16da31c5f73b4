// Queries over payment events.
import type { SqlEntityManager } from '@mikro-orm/sql';

/** Inserts a `received` event unless (provider, event id) exists (the unique index decides a race); the new id or null. */
export async function insertEventIfNew(
  tx: SqlEntityManager,
  event: { provider: string; eventId: string; eventType: string; payload: string },
): Promise<string | null> {
  const rows = await tx.execute<{ id: string }[]>(
    `insert into "payment_events" ("id", "provider", "event_id", "event_type", "outcome", "payload", "received_at")
     values (?, ?, ?, ?, 'received', ?, now())
     on conflict ("provider", "event_id") do nothing returning "id"`,
    [crypto.randomUUID(), event.provider, event.eventId, event.eventType, event.payload],
  );
  return rows[0]?.id ?? null;
}

/** Sets an event's outcome, order and detail. */
export async function updateEventOutcome(
  tx: SqlEntityManager,
  id: string,
  result: { outcome: string; orderId: string | null; detail: string | null },
): Promise<void> {
  await tx.execute('update "payment_events" set "outcome" = ?, "order_id" = ?, "detail" = ? where "id" = ?', [
    result.outcome,
    result.orderId,
    result.detail,
    id,
  ]);
}
