// One purchase of a credit package (spec 001 §4 Payments). Created BEFORE any provider call, with the credits and
// the price copied from the package on the server; providers only ever confirm or reject it.
import { randomUUID } from 'node:crypto';
import { ORDER_STATUSES, PAYMENT_PROVIDERS } from '@app/contract';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from '../../users/index.ts';
import { CreditPackage } from '../credit-package.entity.ts';

export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const Order = defineEntity({
  name: 'Order',
  tableName: 'orders',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    user: p.manyToOne(User).deleteRule('cascade').index(),
    // The package may be deleted later; the order keeps its own copy of what was sold.
    package: p.manyToOne(CreditPackage).nullable().deleteRule('set null'),
    packageName: p.string().length(200),
    credits: p.integer(),
    /** Price in minor units (cents) of `currency`. */
    amountMinor: p.integer(),
    currency: p.string().length(3),
    provider: p.enum(PAYMENT_PROVIDERS),
    status: p.enum(ORDER_STATUSES).default('pending'),
    /** The provider product the checkout was made for (Creem `prod_...`), checked against the webhook. */
    providerProductId: p.string().length(100).nullable(),
    creemCheckoutId: p.string().length(100).nullable().unique(),
    creemOrderId: p.string().length(100).nullable().unique(),
    paypalOrderId: p.string().length(64).nullable().unique(),
    /** Set once PayPal captured: one capture pays one order, and one order is granted once. */
    paypalCaptureId: p.string().length(64).nullable().unique(),
    /** Bumped after a definitive decline so a new capture gets a new PayPal-Request-Id (a retry of a lost answer keeps it). */
    captureAttempt: p.integer().default(0),
    /** Why the order failed (mismatch, decline, provider error), for support. */
    failureReason: p.text().nullable(),
    /** Refunded or disputed minor units reported by the provider, capped at `amountMinor`. */
    refundedMinor: p.integer().default(0),
    /** Credits taken back after refunds (never more than the buyer still had). */
    clawedBackCredits: p.integer().default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    paidAt: p.datetime().nullable(),
    refundedAt: p.datetime().nullable(),
  },
});
export type Order = InferEntity<typeof Order>;
