// Creating users: the row and its start credits are written together or not at all.
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { applyLedgerEntry } from '../../ledger/index.ts';
import { AdminSettingsRepository } from '../../settings/index.ts';
import { User, usernameKey } from '../../users/index.ts';

export interface NewUser {
  username: string;
  /** A PHC string from `passwords.hash`, or `NO_PASSWORD` for Google-only accounts. */
  passwordHash: string;
  email?: string | null;
  googleId?: string | null;
  isAdmin?: boolean;
}

/** The username (in any letter case) or the Google account is already used by another user. */
export class UserConflictError extends Error {
  override name = 'UserConflictError';
  readonly field: 'username' | 'googleId';
  constructor(field: 'username' | 'googleId') {
    super(field === 'username' ? 'Username is already taken' : 'This Google account is already linked');
    this.field = field;
  }
}

/** The ledger key of a user's start credits: at most one grant per user, ever. */
export const signupBonusKey = (userId: string) => `signup:${userId}`;

/**
 * Inserts a user and grants the admin setting `startCredits` as a `bonus` ledger entry with the business
 * key `signup:<id>`, in one database transaction: either both exist or neither. Returns the user as
 * stored (with the credited balance). Throws `UserConflictError` for a taken username or Google id.
 */
export async function createUser(em: SqlEntityManager, input: NewUser): Promise<User> {
  let id: string;
  try {
    id = await em.transactional(async (tx) => {
      const user = tx.create(User, {
        username: input.username.trim(),
        usernameKey: usernameKey(input.username),
        passwordHash: input.passwordHash,
        email: input.email || null,
        googleId: input.googleId ?? null,
        isAdmin: input.isAdmin ?? false,
        lastLoginAt: null,
      });
      await tx.flush();
      const { startCredits } = await new AdminSettingsRepository(tx).get();
      if (startCredits > 0) {
        const result = await applyLedgerEntry(tx, {
          userId: user.id,
          amount: startCredits,
          type: 'bonus',
          businessKey: signupBonusKey(user.id),
          description: 'Start credits for a new account',
          event: { kind: 'signup_bonus', params: {} },
        });
        // A brand-new user cannot have spent or received anything: any refusal is a bug, so roll back.
        if (!result.applied) throw new Error(`start credits not applied: ${result.reason}`);
      }
      return user.id;
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      if (/google/i.test(error.message)) throw new UserConflictError('googleId');
      if (/username/i.test(error.message)) throw new UserConflictError('username');
    }
    throw error;
  }
  // The ledger changed the balance with SQL; read the row back rather than trusting the identity map.
  return em.findOneOrFail(User, { id }, { refresh: true });
}
