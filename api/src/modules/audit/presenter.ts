// Audit entries on the wire.
import type { AuditEvent as AuditEventWire } from '@app/contract';
import type { AuditEvent } from './audit-event.entity.ts';

const party = (id: string | null, username: string | null) => (id ? { id, username: username ?? '' } : null);

export function presentAuditEvent(event: AuditEvent): AuditEventWire {
  return {
    id: event.id,
    at: event.at.toISOString(),
    kind: event.kind,
    action: event.action as AuditEventWire['action'],
    actor: party(event.actorId ?? null, event.actorName ?? null),
    subject: party(event.subjectId ?? null, event.subjectName ?? null),
    ip: event.ip ?? null,
    userAgent: event.userAgent ?? null,
    details: (event.details ?? {}) as AuditEventWire['details'],
  };
}
