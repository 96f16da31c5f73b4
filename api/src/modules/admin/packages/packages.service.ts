// The admin's package catalogue: every package (active or not), create, change, and a delete that never
// leaves orders or ledger entries pointing at a missing package.
import type { CreditPackageCreate, CreditPackageUpdate } from '@app/contract';
import { LIMITS } from '@app/contract/constants';
import { LockMode } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { CreditPackage, CreditPackageRepository } from '../../billing/index.ts';

/** Blank optional text is stored as null. */
const orNull = (value: string | null | undefined) => value?.trim() || null;

/** Every package, cheapest first (ties: older first), like the public list. */
export function listAllPackages(em: SqlEntityManager): Promise<CreditPackage[]> {
  return em.find(CreditPackage, {}, { orderBy: { price: 'asc', createdAt: 'asc', id: 'asc' } });
}

/** Adds a package; the price is kept as the exact decimal text given. `'too_many'` when the catalogue is full. */
export async function createPackage(em: SqlEntityManager, input: CreditPackageCreate): Promise<CreditPackage | 'too_many'> {
  // The lists declare at most this many packages (inactive ones included), so creating stops there.
  if ((await em.count(CreditPackage, {})) >= LIMITS.maxCreditPackages) return 'too_many';
  const pkg = em.create(CreditPackage, {
    name: input.name,
    credits: input.credits,
    price: input.price,
    creemProductId: orNull(input.creemProductId),
    description: orNull(input.description),
    nameVi: orNull(input.nameVi),
    descriptionVi: orNull(input.descriptionVi),
    popular: input.popular,
    bonus: input.bonus,
    isActive: input.isActive,
  });
  await em.flush();
  return pkg;
}

/**
 * Changes a package; null when it does not exist. A bonus above the credits is refused (400 with
 * `/body/bonus`) also when only one of the two is sent, checked against the stored other one.
 */
export async function updatePackage(
  em: SqlEntityManager,
  id: string,
  input: CreditPackageUpdate,
): Promise<CreditPackage | 'bonus_exceeds_credits' | null> {
  const pkg = await em.findOne(CreditPackage, { id });
  if (!pkg) return null;
  const credits = input.credits ?? pkg.credits;
  const bonus = input.bonus ?? pkg.bonus;
  if (bonus > credits) return 'bonus_exceeds_credits';
  if (input.name !== undefined) pkg.name = input.name;
  if (input.price !== undefined) pkg.price = input.price;
  if (input.isActive !== undefined) pkg.isActive = input.isActive;
  if (input.popular !== undefined) pkg.popular = input.popular;
  if (input.creemProductId !== undefined) pkg.creemProductId = orNull(input.creemProductId);
  if (input.description !== undefined) pkg.description = orNull(input.description);
  if (input.nameVi !== undefined) pkg.nameVi = orNull(input.nameVi);
  if (input.descriptionVi !== undefined) pkg.descriptionVi = orNull(input.descriptionVi);
  pkg.credits = credits;
  pkg.bonus = bonus;
  await em.flush();
  return pkg;
}

/**
 * Deletes a package, or deactivates it when an order or a ledger entry refers to it (history must keep
 * pointing at a real package). The row is locked first, so an order being created for it at the same
 * moment either is seen here or waits and then finds the package deactivated or gone.
 */
export async function deletePackage(em: SqlEntityManager, id: string): Promise<'deleted' | 'deactivated' | null> {
  return em.transactional(async (tx) => {
    const pkg = await tx.findOne(CreditPackage, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!pkg) return null;
    if (await new CreditPackageRepository(tx).isReferenced(id)) {
      pkg.isActive = false;
      await tx.flush();
      return 'deactivated';
    }
    await tx.nativeDelete(CreditPackage, { id });
    return 'deleted';
  });
}
