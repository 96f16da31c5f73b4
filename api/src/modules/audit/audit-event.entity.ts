import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/**
 * One entry of the audit log. Append-only: a trigger (migration `audit_log`) refuses UPDATE, DELETE and TRUNCATE,
 * so not even the app can rewrite what happened. Parties are kept by id and by the name they had then, without
 * foreign keys: an entry outlives any change to the user it names.
 */
export const AuditEvent = defineEntity({
  name: 'AuditEvent',
  tableName: 'audit_events',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => crypto.randomUUID()),
    at: p.datetime().index(),
    kind: p.enum(['security', 'admin']),
    action: p.string().length(60).index(),
    actorId: p.uuid().nullable().index(),
    actorName: p.string().length(50).nullable(),
    subjectId: p.uuid().nullable().index(),
    subjectName: p.string().length(50).nullable(),
    ip: p.string().length(64).nullable(),
    userAgent: p.string().length(300).nullable(),
    details: p.json<Record<string, unknown>>().default('{}'),
  },
});
export type AuditEvent = InferEntity<typeof AuditEvent>;
