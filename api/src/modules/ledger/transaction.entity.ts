import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from '../users/index.ts';

/**
 * Kinds of ledger entries. The specification names purchase, refund and usage; the product adds
 * `bonus` (start credits for new users and promotional grants) and `adjustment` (an admin setting a
 * balance by hand; the amount is the signed difference).
 */
export const TRANSACTION_TYPES = ['purchase', 'refund', 'usage', 'bonus', 'adjustment'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/**
 * One immutable change of a user's balance. `amount` is signed (usage is negative). `businessKey`
 * is unique, so a replayed webhook, a racing refund or a retried capture cannot apply twice.
 */
export const Transaction = defineEntity({
  name: 'Transaction',
  tableName: 'transactions',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => crypto.randomUUID()),
    user: p.manyToOne(User).deleteRule('cascade').index(),
    type: p.enum(TRANSACTION_TYPES),
    amount: p.integer(),
    balanceAfter: p.integer(),
    description: p.string().length(255),
    // What happened (kind and particulars), so readers get it in their language; null on older rows.
    event: p.json<{ kind: string; params: Record<string, string | number> }>().nullable(),
    businessKey: p.string().length(200).unique(),
    imageTaskId: p.uuid().nullable().index(),
    kieTaskId: p.string().length(200).nullable(),
    packageId: p.uuid().nullable(),
    orderId: p.uuid().nullable(),
    createdVia: p.string().length(10).default('web'),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
  },
});
export type Transaction = InferEntity<typeof Transaction>;
