// Named queries over users.
import type { SqlEntityManager } from '@mikro-orm/sql';
import { User } from './user.entity.ts';
import { usernameKey } from './username.ts';

export class UserRepository {
  readonly #em: SqlEntityManager;

  constructor(em: SqlEntityManager) {
    this.#em = em;
  }

  findById(id: string): Promise<User | null> {
    return this.#em.findOne(User, { id });
  }

  /** By username in any letter case. */
  findByUsername(username: string): Promise<User | null> {
    return this.#em.findOne(User, { usernameKey: usernameKey(username) });
  }

  /** Whether a username is taken in any letter case. */
  async isUsernameTaken(username: string): Promise<boolean> {
    return (await this.#em.count(User, { usernameKey: usernameKey(username) })) > 0;
  }

  /** With the password hash loaded (it is lazy and hidden by default). */
  findWithPasswordHash(where: { id: string } | { usernameKey: string }): Promise<User | null> {
    return this.#em.findOne(User, where, { populate: ['passwordHash'] });
  }

  findByGoogleId(googleId: string): Promise<User | null> {
    return this.#em.findOne(User, { googleId });
  }

  /** Accounts with this email (any case) that no Google account is linked to yet. */
  findUnlinkedByEmail(email: string): Promise<User[]> {
    return this.#em.find(User, { googleId: null, email: { $ilike: escapeLike(email) } }, { limit: 2 });
  }

  /** Active accounts whose verified email is this one (any case): the only ones a reset link may be mailed to. */
  findVerifiedByEmail(email: string): Promise<User[]> {
    return this.#em.find(User, { isActive: true, emailVerifiedAt: { $ne: null }, email: { $ilike: escapeLike(email) } }, { limit: 10 });
  }

  /** Whether any administrator exists, active or not. */
  async hasAdmin(): Promise<boolean> {
    return (await this.#em.count(User, { isAdmin: true })) > 0;
  }

  /** The user's balance under a row lock held to the end of the transaction; null when there is no such user. */
  async lockCredits(id: string): Promise<number | null> {
    const [row] = await this.#em.execute<{ credits: number }[]>('select "credits" from "users" where "id" = ? for update', [id]);
    return row ? row.credits : null;
  }

  /** The balance and whether the account is active, under a row lock held to the end of the transaction. */
  async lockForCharge(id: string): Promise<{ credits: number; isActive: boolean } | null> {
    const users = await this.#em.execute<{ credits: number; is_active: boolean }[]>(
      'select "credits", "is_active" from "users" where "id" = ? for update',
      [id],
    );
    const user = users[0];
    return user ? { credits: user.credits, isActive: user.is_active } : null;
  }

  /**
   * Adds the signed `amount` to the balance in one guarded statement (`credits + amount >= 0`); the new balance,
   * and the low-balance threshold, or null when it would go negative or there is no such user.
   */
  async addCreditsIfCovered(id: string, amount: number): Promise<{ credits: number; lowBalanceThreshold: number | null } | null> {
    // The threshold comes back with the balance, so the ledger sees a low-balance crossing at no extra query.
    const updated = await this.#em.execute<{ credits: number; low_balance_threshold: number | null }[]>(
      'update "users" set "credits" = "credits" + ? where "id" = ? and "credits" + ? >= 0 returning "credits", "low_balance_threshold"',
      [amount, id, amount],
    );
    const row = updated[0];
    return row ? { credits: row.credits, lowBalanceThreshold: row.low_balance_threshold } : null;
  }

  /** Whether a user row with this id exists (deleted accounts included). */
  async exists(id: string): Promise<boolean> {
    const rows = await this.#em.execute('select 1 from "users" where "id" = ?', [id]);
    return rows.length > 0;
  }
}

/** `ilike` with no wildcards: the email must match exactly, only case is ignored. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
