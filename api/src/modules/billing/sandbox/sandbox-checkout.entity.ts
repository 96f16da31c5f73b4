// A checkout of the sandbox payment method: what the local checkout page shows and what its buyer decided.
// It plays Creem's side of a card payment (see sandbox-creem.ts), so it is kept in the database like an
// order: any process can serve the page, the approval and the return check.
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

export const SANDBOX_CHECKOUT_STATUSES = ['pending', 'completed', 'cancelled'] as const;

export const SandboxCheckout = defineEntity({
  name: 'SandboxCheckout',
  tableName: 'sandbox_checkouts',
  properties: {
    /** `sbx_ch_...`, what Creem calls the checkout id. */
    id: p.string().length(40).primary(),
    /** Our order id (Creem's `request_id`). */
    requestId: p.uuid().index(),
    productId: p.string().length(80),
    amountMinor: p.integer(),
    currency: p.string().length(3),
    successUrl: p.text(),
    status: p.enum(SANDBOX_CHECKOUT_STATUSES),
    /** `sbx_ord_...` once approved, as Creem names the paid order. */
    paidOrderId: p.string().length(40).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type SandboxCheckout = InferEntity<typeof SandboxCheckout>;
