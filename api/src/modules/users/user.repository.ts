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

  /** Whether any administrator exists, active or not. */
  async hasAdmin(): Promise<boolean> {
    return (await this.#em.count(User, { isAdmin: true })) > 0;
  }
}

/** `ilike` with no wildcards: the email must match exactly, only case is ignored. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
