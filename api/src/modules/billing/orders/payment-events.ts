// Recording provider events once per (provider, event id), in the caller's transaction, cut to their columns' widths.
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { PaymentProvider } from './order.entity.ts';
import { insertEventIfNew, updateEventOutcome } from './payment-event.repository.ts';

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
  return insertEventIfNew(tx, {
    provider: event.provider,
    eventId: event.eventId.slice(0, 200),
    eventType: event.eventType.slice(0, 100),
    payload: event.payload,
  });
}

/** Writes what handling the event did. */
export async function setEventOutcome(
  tx: SqlEntityManager,
  id: string,
  result: { outcome: string; orderId?: string | null; detail?: string | null },
): Promise<void> {
  await updateEventOutcome(tx, id, {
    outcome: result.outcome.slice(0, 60),
    orderId: result.orderId ?? null,
    detail: result.detail ?? null,
  });
}
