// The audit log for admins, and an account's own security events.
import type { auditRoutes } from '@app/contract';
import type { HandlersFor } from '../../http/bind.ts';
import { listAuditEvents, listSecurityEvents } from './audit.repository.ts';
import { presentAuditEvent } from './presenter.ts';

export const auditHandlers = {
  async listAuditEvents(ctx, { query }) {
    const { events, total } = await listAuditEvents(ctx.state.em, query);
    return { status: 200, body: { data: events.map(presentAuditEvent), total } };
  },

  async listSecurityEvents(ctx, { query, caller }) {
    const { events, total } = await listSecurityEvents(ctx.state.em, caller.id, query.page, query.limit);
    return { status: 200, body: { data: events.map(presentAuditEvent), total } };
  },
} satisfies HandlersFor<typeof auditRoutes>;
