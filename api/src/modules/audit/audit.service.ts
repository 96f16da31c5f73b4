// Writing the audit log: one row per admin action or security event, in the transaction of the change it records
// (pass that transaction's EntityManager), so an action and its entry commit or roll back together.
import { randomUUID } from 'node:crypto';
import { AUDIT_TEXT_MAX, type AuditAction, type AuditDetail, type AuditKind, SECURITY_AUDIT_ACTIONS } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { AppContext } from '../../http/context.ts';
import { AuditEvent } from './audit-event.entity.ts';

/** Where a request came from: the client address (as TRUST_PROXY allows reading it) and its User-Agent. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** A user an entry names. */
export interface AuditParty {
  id: string;
  username: string;
}

/** Someone acting through a request: who, and from where. */
export type Acting<P extends AuditParty = AuditParty> = P & RequestOrigin;

export interface AuditEntry {
  action: AuditAction;
  /** Who did it and from where; for an anonymous request (a reset link) a party-less origin. */
  by: (Partial<AuditParty> & RequestOrigin) | null;
  /** The account it concerns. */
  subject?: AuditParty | null;
  details?: Record<string, AuditDetail>;
}

const SECURITY = new Set<string>(SECURITY_AUDIT_ACTIONS);

/** `security` for the events an account's owner sees, `admin` for any other admin action. */
export function auditKind(action: AuditAction): AuditKind {
  return SECURITY.has(action) ? 'security' : 'admin';
}

/** The origin of a request, cut to the column sizes. */
export function requestOrigin(ctx: AppContext): RequestOrigin {
  const userAgent = ctx.get('User-Agent');
  return { ip: ctx.ip ? ctx.ip.slice(0, 64) : null, userAgent: userAgent ? userAgent.slice(0, 300) : null };
}

/** The caller of a request with its origin, as services that write the audit log take it. */
export function acting<P extends AuditParty>(ctx: AppContext, caller: P): Acting<P> {
  return { ...caller, ...requestOrigin(ctx) };
}

const clip = (value: AuditDetail): AuditDetail => {
  if (typeof value === 'string') return value.length > AUDIT_TEXT_MAX ? `${value.slice(0, AUDIT_TEXT_MAX - 1)}…` : value;
  if (value && typeof value === 'object') return { before: clip(value.before) as never, after: clip(value.after) as never };
  return value;
};

/** Appends one entry in `em`'s transaction. */
export async function recordAudit(em: SqlEntityManager, entry: AuditEntry): Promise<void> {
  const details = Object.fromEntries(Object.entries(entry.details ?? {}).map(([name, value]) => [name, clip(value)]));
  await em.insert(AuditEvent, {
    id: randomUUID(),
    at: new Date(),
    kind: auditKind(entry.action),
    action: entry.action,
    actorId: entry.by?.id ?? null,
    actorName: entry.by?.username ?? null,
    subjectId: entry.subject?.id ?? null,
    subjectName: entry.subject?.username ?? null,
    ip: entry.by?.ip ?? null,
    userAgent: entry.by?.userAgent ?? null,
    details,
  });
}

/** `{before, after}` for each field that differs between two snapshots (same keys). */
export function changedFields(before: Record<string, AuditDetail>, after: Record<string, AuditDetail>): Record<string, AuditDetail> {
  const out: Record<string, AuditDetail> = {};
  for (const [name, value] of Object.entries(after)) {
    const old = before[name] ?? null;
    if (old !== value) out[name] = { before: old as never, after: value as never };
  }
  return out;
}
