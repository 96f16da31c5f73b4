// Refunds and disputes of paid orders. Decision: the credits a refund pays back are taken back, in proportion to
// the refunded amount, but only as far as the buyer still has them; the balance never goes negative. What was
// actually taken is recorded on the order (`clawedBackCredits`) and in the ledger (a negative `refund` entry).
import type { SqlEntityManager } from '@mikro-orm/sql';
import { applyLedgerEntry } from '../../ledger/index.ts';
import { UserRepository } from '../../users/index.ts';
import type { Order } from './order.entity.ts';

export interface RefundInput {
  /** The provider's refund or dispute id; one clawback per id. */
  refundId: string;
  /** Refunded (or disputed) minor units in the order's currency. */
  amountMinor: number;
  kind: 'refund' | 'dispute';
}

export interface RefundOutcome {
  /** False when the order was never paid, so there was nothing to take back. */
  applied: boolean;
  /** Credits the refund asked back (cumulative share of all refunds, less what earlier refunds took). */
  owed: number;
  /** Credits actually taken (at most the balance the buyer had left). */
  taken: number;
}

/**
 * Records a refund or dispute on a locked order: marks it refunded, adds the amount (capped at the price) and
 * takes back `floor(credits * refunded / price)` credits less what earlier refunds took, clamped to the user's
 * current balance (locked, so a concurrent spend cannot push it below zero).
 */
export async function recordRefund(tx: SqlEntityManager, order: Order, input: RefundInput): Promise<RefundOutcome> {
  if (order.status !== 'paid' && order.status !== 'refunded') return { applied: false, owed: 0, taken: 0 };
  const refundedMinor = Math.min(order.amountMinor, order.refundedMinor + Math.max(0, input.amountMinor));
  const owedTotal = Math.floor((order.credits * refundedMinor) / order.amountMinor);
  const owed = Math.max(0, owedTotal - order.clawedBackCredits);
  const balance = await new UserRepository(tx).lockCredits(order.user.id);
  const taken = Math.min(owed, balance ?? 0);
  if (taken > 0) {
    const result = await applyLedgerEntry(tx, {
      userId: order.user.id,
      amount: -taken,
      type: 'refund',
      businessKey: `clawback:${order.id}:${input.refundId}`,
      description: `Payment ${input.kind === 'refund' ? 'refunded' : 'disputed'}: ${order.packageName} (${taken} credits taken back)`,
      event: {
        kind: input.kind === 'refund' ? 'payment_refunded' : 'payment_disputed',
        params: { packageName: order.packageName.slice(0, 255), credits: taken },
      },
      packageId: order.package?.id ?? null,
      orderId: order.id,
    });
    if (!result.applied) throw new Error(`clawback for order ${order.id} refused: ${result.reason}`);
  }
  order.status = 'refunded';
  order.refundedMinor = refundedMinor;
  order.clawedBackCredits += taken;
  order.refundedAt ??= new Date();
  await tx.flush();
  return { applied: true, owed, taken };
}
