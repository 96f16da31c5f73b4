import type { LedgerEvent } from '@app/contract';
import type { EntityManager } from '@mikro-orm/sql';
import { UserRepository } from '../users/index.ts';
import { announceBalanceLow, crossesBelow } from './balance-crossing.ts';
import type { TransactionType } from './transaction.entity.ts';
import { findBalanceMismatches, hasBusinessKey, insertUnlessKeyTaken } from './transaction.repository.ts';

export interface LedgerEntry {
  userId: string;
  /** Signed change: negative for usage. */
  amount: number;
  type: TransactionType;
  /** Unique per business event (`usage:<taskId>`, `refund:<taskId>`, `purchase:<orderId>`...). */
  businessKey: string;
  /** The English wording; `event` says the same for the UI to word in the reader's language. */
  description: string;
  /** Left out only by test fixtures; every product entry says what happened. */
  event?: LedgerEvent | null;
  imageTaskId?: string | null;
  kieTaskId?: string | null;
  packageId?: string | null;
  orderId?: string | null;
  createdVia?: 'web' | 'api' | 'n8n';
}

export type LedgerResult =
  | { applied: true; transactionId: string; balance: number }
  | { applied: false; reason: 'duplicate' | 'insufficient_credits' | 'no_user' };

/** Thrown inside the transaction to roll back the balance change when the key was already used. */
class DuplicateEntry extends Error {}

/**
 * Applies one ledger entry exactly once, atomically: the balance is changed by a single guarded
 * statement (`credits + amount >= 0`) and the transaction row is inserted under its unique business
 * key in the same database transaction. Returns `applied: false` for a replay or too few credits,
 * with nothing written. Pass `em` of an open transaction to join it.
 */
export async function applyLedgerEntry(em: EntityManager, entry: LedgerEntry): Promise<LedgerResult> {
  try {
    return await em.transactional(async (tx) => {
      // Fast path for replays; the unique key below still decides a race.
      if (await hasBusinessKey(tx, entry.businessKey)) return { applied: false, reason: 'duplicate' } as const;
      return writeEntry(tx, entry);
    });
  } catch (error) {
    if (error instanceof DuplicateEntry) return { applied: false, reason: 'duplicate' };
    throw error;
  }
}

/**
 * `applyLedgerEntry` for a caller whose open transaction `tx` rolls back whenever the entry is not applied (a submit
 * throws its problem): no savepoint of its own and no replay look-up first (the unique key alone refuses a replay),
 * three statements fewer. A refused entry may leave the balance changed in `tx`, which must then not commit.
 */
export async function applyLedgerEntryOrRollBack(tx: EntityManager, entry: LedgerEntry): Promise<LedgerResult> {
  try {
    return await writeEntry(tx, entry);
  } catch (error) {
    if (error instanceof DuplicateEntry) return { applied: false, reason: 'duplicate' };
    throw error;
  }
}

/** The guarded balance change and the entry's row; throws `DuplicateEntry` when the key was taken meanwhile. */
async function writeEntry(tx: EntityManager, entry: LedgerEntry): Promise<LedgerResult> {
  const users = new UserRepository(tx);
  const changed = await users.addCreditsIfCovered(entry.userId, entry.amount);
  if (changed === null) {
    return { applied: false, reason: (await users.exists(entry.userId)) ? 'insufficient_credits' : 'no_user' } as const;
  }
  const { credits, lowBalanceThreshold: threshold } = changed;
  const id = crypto.randomUUID();
  const inserted = await insertUnlessKeyTaken(tx, {
    id,
    userId: entry.userId,
    type: entry.type,
    amount: entry.amount,
    balanceAfter: credits,
    description: entry.description.slice(0, 255),
    event: entry.event ?? null,
    businessKey: entry.businessKey,
    imageTaskId: entry.imageTaskId ?? null,
    kieTaskId: entry.kieTaskId ?? null,
    packageId: entry.packageId ?? null,
    orderId: entry.orderId ?? null,
    createdVia: entry.createdVia ?? 'web',
  });
  if (!inserted) throw new DuplicateEntry();
  if (crossesBelow(entry.amount, credits, threshold)) {
    await announceBalanceLow(tx, { userId: entry.userId, transactionId: id, balance: credits, threshold });
  }
  return { applied: true, transactionId: id, balance: credits } as const;
}

/** Users whose cached balance differs from the sum of their ledger; empty when the books are exact. */
export async function findLedgerMismatches(em: EntityManager): Promise<{ id: string; credits: number; ledger: number }[]> {
  return findBalanceMismatches(em);
}
