// The low-balance alert's hook into the ledger: a change that takes the balance from the user's threshold or above to
// below it is handed to the hooks registered for this database, inside the ledger's own transaction, so whatever they
// record (a callback and its job) commits with the change or not at all. The guarded UPDATE serialises concurrent
// changes of one user, so each sees an exact before and after: of two charges racing past the threshold, only the
// one that straddles it crosses. A purchase or refund back above re-arms the alert by itself.
import type { EntityManager } from '@mikro-orm/sql';

export interface BalanceCrossing {
  userId: string;
  /** The ledger transaction that crossed: the alert's idempotency id. */
  transactionId: string;
  balance: number;
  threshold: number;
}

export type OnBalanceLow = (tx: EntityManager, crossing: BalanceCrossing) => Promise<void>;

// Per ORM (forks share its configuration): tests run several apps, each with its own database, in one process.
const hooks = new WeakMap<object, OnBalanceLow[]>();

/** Runs `hook` in the transaction of every ledger entry of this database that falls below its user's threshold. */
export function onBalanceLow(em: EntityManager, hook: OnBalanceLow): void {
  hooks.set(em.config, [...(hooks.get(em.config) ?? []), hook]);
}

/** Whether a change of `amount` ending at `balance` crossed `threshold` downwards. */
export function crossesBelow(amount: number, balance: number, threshold: number | null): threshold is number {
  return threshold !== null && balance < threshold && balance - amount >= threshold;
}

export async function announceBalanceLow(tx: EntityManager, crossing: BalanceCrossing): Promise<void> {
  for (const hook of hooks.get(tx.config) ?? []) await hook(tx, crossing);
}
