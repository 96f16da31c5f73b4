import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { EncryptedText } from '../../crypto/encrypted-text.type.ts';
import { User } from '../users/index.ts';

/**
 * A bearer token for the automation API. Only the SHA-256 of the token is stored (the token carries
 * 256 random bits, so a fast hash is enough); `prefix` and `last4` let the owner recognise it.
 */
export const ApiToken = defineEntity({
  name: 'ApiToken',
  tableName: 'api_tokens',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => crypto.randomUUID()),
    user: p.manyToOne(User).deleteRule('cascade').index(),
    name: p.string().length(100),
    /** Lower-case hex SHA-256 of the full token. */
    tokenHash: p.string().length(64).unique(),
    prefix: p.string().length(8),
    last4: p.string().length(4),
    isActive: p.boolean().default(true),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** Updated at most once a minute. */
    lastUsed: p.datetime().nullable(),
    /** `whsec_...` key that signs automation callbacks (Standard Webhooks); encrypted at rest, shown once. Null on older tokens. */
    signingSecret: p.type(EncryptedText).nullable().hidden(),
    /** Spending caps in credits (null: none), checked in the charge's own transaction (token-caps.ts). */
    dailyCreditCap: p.integer().nullable(),
    totalCreditCap: p.integer().nullable(),
    /** Usage as the caps count it: tasks submitted, and credits spent with refunds taken off. */
    calls: p.integer().default(0),
    creditsTotal: p.integer().default(0),
    /** Credits spent on `usageDay` (a UTC day); another day reads as 0. */
    creditsToday: p.integer().default(0),
    usageDay: p.date().nullable(),
  },
  checks: [{ name: 'api_tokens_token_hash_hex', expression: "token_hash ~ '^[0-9a-f]{64}$'" }],
});
export type ApiToken = InferEntity<typeof ApiToken>;
