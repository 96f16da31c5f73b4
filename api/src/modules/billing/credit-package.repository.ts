// Named queries over credit packages.
import type { SqlEntityManager } from '@mikro-orm/sql';
import { CreditPackage } from './credit-package.entity.ts';

export class CreditPackageRepository {
  readonly #em: SqlEntityManager;

  constructor(em: SqlEntityManager) {
    this.#em = em;
  }

  /** Packages on sale, cheapest first (ties: older first, so the order is stable). */
  listActive(): Promise<CreditPackage[]> {
    return this.#em.find(CreditPackage, { isActive: true }, { orderBy: { price: 'asc', createdAt: 'asc', id: 'asc' } });
  }

  /** Whether an order or a ledger entry refers to the package (history must keep pointing at it). */
  async isReferenced(id: string): Promise<boolean> {
    const [row] = await this.#em.execute<{ used: boolean }[]>(
      `select exists (select 1 from "orders" where "package_id" = ?)
           or exists (select 1 from "transactions" where "package_id" = ?) as "used"`,
      [id, id],
    );
    return Boolean(row?.used);
  }

  /** How many packages exist, active or not. */
  count(): Promise<number> {
    return this.#em.count(CreditPackage);
  }
}
