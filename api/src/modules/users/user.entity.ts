import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/**
 * A person who signs in. `credits` is a cache of the ledger: it only ever changes together with a
 * `transactions` row (see ledger/ledger.service.ts), and a check constraint keeps it non-negative.
 */
export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => crypto.randomUUID()),
    username: p.string().length(50).unique(),
    /** Lower-cased username: uniqueness and look-ups ignore case. */
    usernameKey: p.string().length(50).unique(),
    passwordHash: p.text().hidden().lazy(),
    email: p.string().length(200).nullable(),
    /** When the owner proved they read `email` (a link sent to it); cleared when the email changes. Only a verified email gets resets and alerts. */
    emailVerifiedAt: p.datetime().nullable(),
    googleId: p.string().length(255).nullable().unique(),
    credits: p.integer().default(0),
    /** Below this balance the header warns and the alert callback is told once per crossing (balance-alert); null: off. */
    lowBalanceThreshold: p.integer().nullable(),
    isAdmin: p.boolean().default(false),
    isActive: p.boolean().default(true),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastLoginAt: p.datetime().nullable(),
  },
  checks: [{ name: 'users_credits_non_negative', expression: 'credits >= 0' }],
});
export type User = InferEntity<typeof User>;
