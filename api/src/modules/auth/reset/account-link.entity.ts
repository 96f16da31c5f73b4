import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from '../../users/index.ts';

/**
 * A link mailed to an account: a password reset or an address check. Only the SHA-256 of its token is stored; it
 * works once (using it deletes the row) and until `expiresAt` (30 minutes).
 */
export const AccountLink = defineEntity({
  name: 'AccountLink',
  tableName: 'account_links',
  properties: {
    tokenHash: p.string().length(64).primary(),
    user: p.manyToOne(User).deleteRule('cascade').index(),
    purpose: p.enum(['password_reset', 'email_verification']),
    /** The address the link was sent to: an address check is void once the account's email changed. */
    email: p.string().length(200),
    createdAt: p.datetime(),
    expiresAt: p.datetime().index(),
  },
});
export type AccountLink = InferEntity<typeof AccountLink>;
