// Setting a balance by hand: the signed difference goes to the ledger as one `adjustment`, computed under a
// row lock, so a purchase or a charge landing at the same moment cannot make the books disagree.
import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { applyLedgerEntry } from '../../ledger/index.ts';
import { UserRepository } from '../../users/index.ts';

/** Ledger key of one admin balance change: unique per change (two identical edits are two entries). */
export const adminCreditsKey = () => `admin-credits:${randomUUID()}`;

/** The ledger column's length. */
const DESCRIPTION_MAX = 255;

/**
 * Sets a user's balance to `credits` (>= 0). Locks the user row, writes the difference as an `adjustment`
 * (nothing when unchanged; the admin's `reason`, if any, ends its description) and returns the change, or null
 * when there is no such user. Joins an open transaction when given one.
 */
export async function setUserCredits(
  em: SqlEntityManager,
  userId: string,
  credits: number,
  actor: { username: string },
  reason?: string,
): Promise<{ before: number; after: number } | null> {
  return em.transactional(async (tx) => {
    const current = await new UserRepository(tx).lockCredits(userId);
    if (current === null) return null;
    const difference = credits - current;
    if (difference !== 0) {
      const result = await applyLedgerEntry(tx, {
        userId,
        amount: difference,
        type: 'adjustment',
        businessKey: adminCreditsKey(),
        description: `Balance set from ${current} to ${credits} by admin ${actor.username}${reason ? `: ${reason}` : ''}`.slice(
          0,
          DESCRIPTION_MAX,
        ),
        event: { kind: 'balance_set', params: { from: current, to: credits, admin: actor.username, reason: reason?.slice(0, 255) ?? '' } },
      });
      // The row is locked and the target is >= 0, so the guarded update cannot refuse: anything else is a bug.
      if (!result.applied) throw new Error(`credits adjustment not applied: ${result.reason}`);
    }
    return { before: current, after: credits };
  });
}
