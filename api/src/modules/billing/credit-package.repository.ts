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

  /** How many packages exist, active or not. */
  count(): Promise<number> {
    return this.#em.count(CreditPackage);
  }
}
