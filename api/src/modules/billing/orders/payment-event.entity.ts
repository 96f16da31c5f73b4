// Every verified provider event, once: the unique (provider, event id) makes replayed webhooks harmless,
// and the stored body and outcome explain afterwards what each delivery did.
import { randomUUID } from 'node:crypto';
import { PAYMENT_PROVIDERS } from '@app/contract';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

export const PaymentEvent = defineEntity({
  name: 'PaymentEvent',
  tableName: 'payment_events',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    provider: p.enum(PAYMENT_PROVIDERS),
    eventId: p.string().length(200),
    eventType: p.string().length(100),
    // No foreign key: the event stays on record even when the order (or its user) is deleted.
    orderId: p.uuid().nullable().index(),
    /** What handling did: granted, already_paid, refund_recorded, rejected:<reason>, ignored, ... */
    outcome: p.string().length(60),
    detail: p.text().nullable(),
    /** The raw body as received (verified), for audits. */
    payload: p.text(),
    receivedAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ properties: ['provider', 'eventId'] }],
});
export type PaymentEvent = InferEntity<typeof PaymentEvent>;
