// Reading the audit log: the admin's filtered pages, and one account's security events.
import type { AuditEventListQuery } from '@app/contract';
import type { FilterQuery } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { AuditEvent } from './audit-event.entity.ts';

/** `ilike` pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export interface AuditPage {
  events: AuditEvent[];
  total: number;
}

async function page(em: SqlEntityManager, where: FilterQuery<AuditEvent>, pageNumber: number, limit: number): Promise<AuditPage> {
  const [events, total] = await em.findAndCount(AuditEvent, where, {
    orderBy: { at: 'desc', id: 'desc' },
    limit,
    offset: (pageNumber - 1) * limit,
  });
  return { events, total };
}

/** One page of the whole log, newest first, narrowed by the query's filters. */
export function listAuditEvents(em: SqlEntityManager, query: AuditEventListQuery): Promise<AuditPage> {
  const at = { ...(query.from && { $gte: new Date(query.from) }), ...(query.to && { $lt: new Date(query.to) }) };
  const where: FilterQuery<AuditEvent> = {
    ...(query.kind && { kind: query.kind }),
    ...(query.action && { action: query.action }),
    ...(query.actor && { actorName: { $ilike: contains(query.actor) } }),
    ...(query.subject && { subjectName: { $ilike: contains(query.subject) } }),
    ...(Object.keys(at).length && { at }),
  };
  return page(em, where, query.page, query.limit);
}

/** One page of an account's security events, newest first. */
export function listSecurityEvents(em: SqlEntityManager, userId: string, pageNumber: number, limit: number): Promise<AuditPage> {
  return page(em, { subjectId: userId, kind: 'security' }, pageNumber, limit);
}

/** Whether the account signed in before at all, and from this address (each first sign-in from an address is an entry). */
export async function signInHistory(em: SqlEntityManager, userId: string, ip: string): Promise<{ before: boolean; fromHere: boolean }> {
  const [row] = await em.execute<{ before: number; here: number }[]>(
    `select count(*)::int as "before", (count(*) filter (where "ip" = ?))::int as "here"
       from "audit_events" where "subject_id" = ? and "action" = 'sign_in.new_address'`,
    [ip, userId],
  );
  return { before: (row?.before ?? 0) > 0, fromHere: (row?.here ?? 0) > 0 };
}
