import { DELIVERY_EVENTS, WEBHOOK_DELIVERY_STATES } from '@app/contract';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { ImageTask } from '../../studio/index.ts';
import { ApiToken } from '../../tokens/index.ts';

/**
 * One callback of one task event (started, completed, failed), or of the account's low-balance alert (`balance.low`,
 * recorded and queued in the ledger transaction that crossed the threshold). A task's is recorded at submission, sent by a pg-boss job queued
 * when the event happens, retried with backoff; `skipped` when the task ended the other way. Its id is the
 * `webhook-id` of every attempt (receivers dedupe on it).
 */
export const WebhookDelivery = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => crypto.randomUUID()),
    /** The task it reports on; null for an account event (`balance.low`, whose body is `payload`). */
    task: p.manyToOne(ImageTask).deleteRule('cascade').index().nullable(),
    /** Whose signing secret signs it; deleting the token stops its deliveries. */
    apiToken: p.manyToOne(ApiToken).deleteRule('cascade'),
    url: p.string().length(2048),
    event: p.enum(DELIVERY_EVENTS),
    /** The body of an account event, fixed when it happened (a task's body is its status at sending). */
    payload: p.json<Record<string, unknown>>().nullable(),
    state: p.enum(WEBHOOK_DELIVERY_STATES).default('waiting'),
    /** Attempts made so far. */
    attempt: p.integer().default(0),
    /** HTTP status of the last attempt (null when it got no answer). */
    statusCode: p.integer().nullable(),
    /** Why the last attempt failed. */
    error: p.text().nullable(),
    /** When the next attempt's job is due (first: when the row is recorded). */
    nextAttemptAt: p.datetime().index(),
    createdAt: p.datetime().onCreate(() => new Date()),
    deliveredAt: p.datetime().nullable(),
  },
});
export type WebhookDelivery = InferEntity<typeof WebhookDelivery>;
