// Demo packages so a fresh embedded install has something to buy.
import type { SqlEntityManager } from '@mikro-orm/sql';
import { CreditPackage } from './credit-package.entity.ts';
import { CreditPackageRepository } from './credit-package.repository.ts';

export const DEMO_PACKAGES = [
  { name: 'Starter', credits: 500, price: '5.00', description: 'Good for trying things out', popular: false, bonus: 0 },
  { name: 'Popular', credits: 1200, price: '10.00', description: 'The best value for regular use', popular: true, bonus: 0 },
  { name: 'Pro', credits: 3000, price: '20.00', description: 'Includes 200 bonus credits', popular: false, bonus: 200 },
] as const;

/** Inserts the demo packages when there are no packages at all (never on top of real ones). */
export async function seedCreditPackages(em: SqlEntityManager): Promise<void> {
  if ((await new CreditPackageRepository(em).count()) > 0) return;
  for (const pkg of DEMO_PACKAGES) em.create(CreditPackage, { ...pkg });
  await em.flush();
}
