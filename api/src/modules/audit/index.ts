import type { ApiModule } from '../module.ts';
import { AuditEvent } from './audit-event.entity.ts';
import { auditHandlers } from './routes.ts';

export { signInHistory } from './audit.repository.ts';
export {
  type Acting,
  type AuditEntry,
  type AuditParty,
  acting,
  changedFields,
  recordAudit,
  requestOrigin,
} from './audit.service.ts';
export { AuditEvent } from './audit-event.entity.ts';

/** The append-only audit log: every admin action and every account's security events (see audit.service.ts). */
export const auditModule: ApiModule = { name: 'audit', entities: [AuditEvent], handlers: auditHandlers };
