// The audit log: who did what, when and from where. Every admin action and every security event of an account
// is one row, written in the same transaction as the change it records and never changed afterwards.
import { UsernameText } from './account.ts';
import { AUDIT_ACTIONS } from './audit-actions.ts';
import { Count, Id, PageNumber, Timestamp } from './common.ts';
import { z } from './zod.ts';

export * from './audit-actions.ts';

/** The longest text an entry's detail keeps (longer values are cut). */
export const AUDIT_TEXT_MAX = 500;

const AuditScalar = z.union([z.string().max(AUDIT_TEXT_MAX), z.number(), z.boolean(), z.null()]);

export const AuditDetail = z
  .union([AuditScalar, z.object({ before: AuditScalar, after: AuditScalar })])
  .describe('A value, or a change as `{before, after}`. Secrets appear masked (`••••` and their last 4 characters) or as `set`.')
  .openapi('AuditDetail', { example: { before: 'sandbox', after: 'production' } });
export type AuditDetail = z.infer<typeof AuditDetail>;

const AuditParty = z
  .object({ id: Id, username: UsernameText.describe('The username at the time of the event.') })
  .openapi('AuditParty', { description: 'A user named by an entry, as they were called then.' });

export const AuditEvent = z
  .object({
    id: Id,
    at: Timestamp.describe('When it happened.'),
    kind: z.enum(['security', 'admin']).describe('`security`: an event of an account its owner sees; `admin`: any other admin action.'),
    action: z.enum(AUDIT_ACTIONS).describe('What happened.').openapi({ example: 'user.credits_adjusted' }),
    actor: AuditParty.nullable().describe('Who did it (null when nobody was signed in, as for a password reset by email link).'),
    subject: AuditParty.nullable().describe('The account it concerns, if any.'),
    ip: z.string().max(64).nullable().describe('The client address it came from.').openapi({ example: '203.0.113.7' }),
    userAgent: z.string().max(300).nullable().describe('The client that sent it, as it named itself.').openapi({ example: 'Mozilla/5.0' }),
    details: z
      .record(z.string().max(64), AuditDetail)
      .describe('What changed, field by field; at most 40 fields.')
      .openapi({ example: { credits: { before: 10, after: 50 } }, maxProperties: 40 }),
  })
  .openapi('AuditEvent', { description: 'One entry of the append-only audit log.' });
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditEventList = z
  .object({
    data: z.array(AuditEvent).max(100).describe('Entries, newest first.'),
    total: Count('How many entries match the filters.', 1),
  })
  .openapi('AuditEventList');

export const AuditEventListQuery = z.object({
  page: PageNumber,
  limit: z.coerce.number().int().min(1).max(100).default(25).describe('Entries per page (1 to 100).').openapi({ example: 25 }),
  kind: z.enum(['security', 'admin']).optional().describe('Only security events, or only other admin actions.'),
  action: z.enum(AUDIT_ACTIONS).optional().describe('Only this action.'),
  actor: z.string().trim().max(50).optional().describe('Only entries whose actor username contains this (any letter case).'),
  subject: z.string().trim().max(50).optional().describe('Only entries whose account username contains this (any letter case).'),
  from: Timestamp.optional().describe('Only entries at or after this time.'),
  to: Timestamp.optional().describe('Only entries before this time.'),
});
export type AuditEventListQuery = z.infer<typeof AuditEventListQuery>;

export const SecurityEventListQuery = z.object({
  page: PageNumber,
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('Entries per page (1 to 100).').openapi({ example: 20 }),
});
