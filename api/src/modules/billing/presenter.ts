// Entities to the contract's wire shapes.
import type { CreditPackage as CreditPackageDto } from '@app/contract';
import type { CreditPackage } from './credit-package.entity.ts';

/** A package as the API publishes it: price as a number, dates as ISO strings. */
export function presentCreditPackage(pkg: CreditPackage): CreditPackageDto {
  return {
    id: pkg.id,
    name: pkg.name,
    credits: pkg.credits,
    price: Number(pkg.price),
    description: pkg.description ?? null,
    nameVi: pkg.nameVi ?? null,
    descriptionVi: pkg.descriptionVi ?? null,
    popular: pkg.popular,
    bonus: pkg.bonus,
    isActive: pkg.isActive,
    createdAt: pkg.createdAt.toISOString(),
  };
}
