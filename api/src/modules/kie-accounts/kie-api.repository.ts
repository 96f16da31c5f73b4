// Named queries over KIE accounts: the rotation's account source, usage booking, and the admin's CRUD.

import type { SqlEntityManager } from '@mikro-orm/sql';
import type { KieAccount, KieAccountSource } from '../../providers/image/kie/accounts.ts';
import { KieApi } from './kie-api.entity.ts';

export interface KieApiInput {
  name: string;
  token: string;
  totalCredits?: number;
  nanoBananaCredits?: number;
  nanoBananaEditCredits?: number;
  isEnabled?: boolean;
}

/** The fields rotation needs, from an entity. */
export function toKieAccount(api: KieApi): KieAccount {
  return {
    id: api.id,
    name: api.name,
    token: api.token,
    isEnabled: api.isEnabled,
    totalCredits: api.totalCredits,
    nanoBananaCredits: api.nanoBananaCredits,
    nanoBananaEditCredits: api.nanoBananaEditCredits,
    lastUsed: api.lastUsed ?? null,
    totalUsage: api.totalUsage,
  };
}

export class KieApiRepository implements KieAccountSource {
  readonly #em: SqlEntityManager;

  constructor(em: SqlEntityManager) {
    this.#em = em;
  }

  /** Enabled accounts, fresh from the database (rotation order is decided by `submitWithFailover`). */
  async listEnabled(): Promise<KieAccount[]> {
    const rows = await this.#em.find(KieApi, { isEnabled: true }, { orderBy: { id: 'asc' }, disableIdentityMap: true });
    return rows.map(toKieAccount);
  }

  /** Whether any account is switched on: then tasks go to KIE, otherwise to the sandbox (outside production). */
  async hasEnabled(): Promise<boolean> {
    return (await this.#em.count(KieApi, { isEnabled: true })) > 0;
  }

  /**
   * Books one accepted task on the account in one statement (no read-modify-write, so runners in
   * several processes cannot lose each other's usage): usage up, credits down, last used now.
   * Returns the account's name and credits left after the booking (null when the account is gone).
   */
  async recordUsage(id: string, cost: number): Promise<{ name: string; totalCredits: number } | null> {
    const rows = await this.#em.execute<{ name: string; total_credits: number }[]>(
      `update "kie_apis" set "total_usage" = "total_usage" + ?, "total_credits" = "total_credits" - ?,
              "last_used" = now(), "updated_at" = now() where "id" = ? returning "name", "total_credits"`,
      [cost, cost, id],
    );
    const row = rows[0];
    return row ? { name: row.name, totalCredits: row.total_credits } : null;
  }

  /** KIE said the account has no credits left (402): take it out of rotation until an admin tops it up. */
  async markOutOfCredits(id: string): Promise<void> {
    await this.#em.execute('update "kie_apis" set "total_credits" = 0, "updated_at" = now() where "id" = ?', [id]);
  }

  findById(id: string): Promise<KieApi | null> {
    return this.#em.findOne(KieApi, { id });
  }

  /** How many accounts there are, enabled or not. */
  count(): Promise<number> {
    return this.#em.count(KieApi, {});
  }

  /** Every account, oldest first (for the admin list). */
  list(): Promise<KieApi[]> {
    return this.#em.find(KieApi, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /** Adds an account; a token that already exists throws the ORM's unique-constraint error (409). */
  async create(input: KieApiInput): Promise<KieApi> {
    const api = this.#em.create(KieApi, { ...input, lastUsed: null });
    await this.#em.flush();
    return api;
  }

  /** Changes an account; null when it does not exist. */
  async update(id: string, input: Partial<KieApiInput>): Promise<KieApi | null> {
    const api = await this.findById(id);
    if (!api) return null;
    this.#em.assign(api, input);
    await this.#em.flush();
    return api;
  }

  /** Removes an account; its tasks keep their history with `kieApi` set to null. True when it existed. */
  async delete(id: string): Promise<boolean> {
    return (await this.#em.nativeDelete(KieApi, { id })) > 0;
  }
}
