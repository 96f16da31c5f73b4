// Settling orders inside a database transaction: the order row is locked first, so concurrent webhooks,
// captures and return checks of one order run one after another and see each other's result.
import { LockMode } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { applyLedgerEntry } from '../../ledger/index.ts';
import { queuePurchaseCompleted } from '../notifications/purchase-notification.ts';
import { isSandboxOrder } from '../sandbox/sandbox-creem.ts';
import { Order } from './order.entity.ts';

/** Loads an order with a row lock held until the transaction ends (null when there is none). */
export async function lockOrder(tx: SqlEntityManager, where: { id: string } | { creemCheckoutId: string } | { creemOrderId: string }) {
  return tx.findOne(Order, where, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
}

/** The ledger key of an order's purchase grant: one grant per order, whatever path settles it. */
export const purchaseKey = (orderId: string) => `purchase:${orderId}`;

/**
 * What the ledger entry of a paid order says. A sandbox test says so first (a cut description still shows it), so
 * nobody mistakes it for a card payment.
 */
function purchaseDescription(order: Order): string {
  const what = `${order.packageName} (${order.credits} credits)`;
  if (isSandboxOrder(order)) return `Sandbox test payment for ${what}, no money moved`;
  return `Purchased ${what} with ${order.provider === 'creem' ? 'card' : 'PayPal'}`;
}

/**
 * Marks a locked order paid and grants its credits through the ledger exactly once (key `purchase:<order id>`).
 * A paid or refunded order is left alone. Returns whether this call granted the credits.
 */
export async function markPaidAndGrant(
  tx: SqlEntityManager,
  order: Order,
  refs: { creemCheckoutId?: string; creemOrderId?: string; paypalCaptureId?: string },
): Promise<boolean> {
  if (order.status === 'paid' || order.status === 'refunded') return false;
  const result = await applyLedgerEntry(tx, {
    userId: order.user.id,
    amount: order.credits,
    type: 'purchase',
    businessKey: purchaseKey(order.id),
    description: purchaseDescription(order),
    event: {
      kind: 'purchase',
      params: {
        packageName: order.packageName.slice(0, 255),
        credits: order.credits,
        method: isSandboxOrder(order) ? 'sandbox' : order.provider === 'creem' ? 'card' : 'paypal',
      },
    },
    packageId: order.package?.id ?? null,
    orderId: order.id,
  });
  // A positive grant can only be refused when the user is gone; roll everything back rather than mark it paid.
  if (!result.applied && result.reason !== 'duplicate') throw new Error(`purchase grant for order ${order.id} refused: ${result.reason}`);
  order.status = 'paid';
  order.paidAt = new Date();
  order.failureReason = null;
  if (refs.creemCheckoutId) order.creemCheckoutId = refs.creemCheckoutId;
  if (refs.creemOrderId) order.creemOrderId = refs.creemOrderId;
  if (refs.paypalCaptureId) order.paypalCaptureId = refs.paypalCaptureId;
  await tx.flush();
  // The operator's alert is written by this transaction too (a pg-boss job): no grant without it.
  if (result.applied) await queuePurchaseCompleted(tx, order);
  return result.applied;
}

/** Marks a locked, unpaid order failed with the reason (a paid or refunded order is never downgraded). */
export async function markFailed(tx: SqlEntityManager, order: Order, reason: string, refs: { paypalCaptureId?: string } = {}) {
  if (order.status === 'paid' || order.status === 'refunded') return;
  order.status = 'failed';
  order.failureReason = reason.slice(0, 1000);
  if (refs.paypalCaptureId) order.paypalCaptureId = refs.paypalCaptureId;
  await tx.flush();
}
