import { AuditEventList, AuditEventListQuery, SecurityEventListQuery } from './audit.ts';
import { defineRoute } from './route.ts';

export const listAuditEvents = defineRoute({
  method: 'get',
  path: '/api/admin/audit-events',
  operationId: 'listAuditEvents',
  summary: 'The audit log',
  description:
    'Every admin action and every security event of every account, newest first: who, when, from which address, what (settings changes with their values before and after, secrets masked). Entries are append-only: the database refuses to change or delete them.',
  tags: ['Admin'],
  role: 'admin',
  request: { query: AuditEventListQuery },
  responses: { 200: { description: 'One page of entries and how many match.', schema: AuditEventList } },
});

export const listSecurityEvents = defineRoute({
  method: 'get',
  path: '/api/user/security-events',
  operationId: 'listSecurityEvents',
  summary: "The signed-in user's security events",
  description:
    'Sign-ins from a new address, password and second-factor changes, passkeys, ended sessions, API tokens, public links, and what admins changed about the account (role, state, password), newest first.',
  tags: ['Account security'],
  role: 'user',
  request: { query: SecurityEventListQuery },
  responses: { 200: { description: 'One page of events and how many there are.', schema: AuditEventList } },
});

export const auditRoutes = [listAuditEvents, listSecurityEvents] as const;
