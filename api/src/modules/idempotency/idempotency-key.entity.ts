import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from '../users/index.ts';

export const IDEMPOTENCY_STATES = ['in_progress', 'done'] as const;

/**
 * One `Idempotency-Key` of a user's create call (studio, uploads, checkout, tokens, automation API): the first
 * request inserts the row (the unique constraint decides races), and its answer is stored so a retry with the
 * same key and body replays it. Rows older than the retention (24 h) are purged lazily.
 */
export const IdempotencyKey = defineEntity({
  name: 'IdempotencyKey',
  tableName: 'idempotency_keys',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => crypto.randomUUID()),
    user: p.manyToOne(User).deleteRule('cascade'),
    key: p.string().length(200),
    /** Hex SHA-256 of method, path and the canonical JSON body. */
    requestHash: p.string().length(64),
    state: p.enum(IDEMPOTENCY_STATES),
    responseStatus: p.integer().nullable(),
    /** The answer's JSON body, as sent, encrypted (`v1:...`, see crypto/secret-box.ts; older rows hold it in the clear). */
    responseBody: p.text().nullable(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
  },
  uniques: [{ properties: ['user', 'key'] }],
});
export type IdempotencyKey = InferEntity<typeof IdempotencyKey>;
