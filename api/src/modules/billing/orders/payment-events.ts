// Recording provider events once per (provider, event id), in the caller's transaction.
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { PaymentProvider } from './order.entity.ts';

export interface IncomingEvent {
  provider: PaymentProvider;
  eventId: string;
  eventType: string;
  payload: string;
}

/**
 * Inserts the event unless the same provider event id was recorded before. Returns the new row's id, or null
 * for a duplicate. Under concurrency the unique index decides: a second insert waits for the first transaction
 * and then finds the row.
 */
export async function recordEventOnce(tx: SqlEntityManager, event: IncomingEvent): Promise<string | null> {
  const rows = await tx.execute<{ id: string }[]>(
    `insert into "payment_events" ("id", "provider", "event_id", "event_type", "outcome", "payload", "received_at")
     values (?, ?, ?, ?, 'received', ?, now())
     on conflict ("provider", "event_id") do nothing returning "id"`,
    [crypto.randomUUID(), event.provider, event.eventId.slice(0, 200), event.eventType.slice(0, 100), event.payload],
  );
  return rows[0]?.id ?? null;
}

/** Writes what handling the event did. */
export async function setEventOutcome(
  tx: SqlEntityManager,
  id: string,
  result: { outcome: string; orderId?: string | null; detail?: string | null },
): Promise<void> {
  await tx.execute('update "payment_events" set "outcome" = ?, "order_id" = ?, "detail" = ? where "id" = ?', [
    result.outcome.slice(0, 60),
    result.orderId ?? null,
    result.detail ?? null,
    id,
  ]);
}
