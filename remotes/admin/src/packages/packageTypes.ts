import type { components } from '@app/api-client';

export type AdminCreditPackage = components['schemas']['AdminCreditPackage'];

/** The package dialog's fields as typed (numbers stay text until they pass validation). */
export interface PackageDraft {
  name: string;
  credits: string;
  price: string;
  creemProductId: string;
  isActive: boolean;
  description: string;
  /** Vietnamese wording; empty shows Vietnamese readers the English. */
  nameVi: string;
  descriptionVi: string;
  bonus: string;
  popular: boolean;
}

export const EMPTY_PACKAGE: PackageDraft = {
  name: '',
  credits: '',
  price: '',
  creemProductId: '',
  isActive: true,
  description: '',
  nameVi: '',
  descriptionVi: '',
  bonus: '0',
  popular: false,
};

export function draftOf(pkg: AdminCreditPackage): PackageDraft {
  return {
    name: pkg.name,
    credits: String(pkg.credits),
    price: pkg.price.toFixed(2),
    creemProductId: pkg.creemProductId ?? '',
    isActive: pkg.isActive,
    description: pkg.description ?? '',
    nameVi: pkg.nameVi ?? '',
    descriptionVi: pkg.descriptionVi ?? '',
    bonus: String(pkg.bonus),
    popular: pkg.popular,
  };
}

/** The create/update body; optional text left empty is sent as null (none). */
export function bodyOf(draft: PackageDraft) {
  return {
    name: draft.name.trim(),
    credits: Number(draft.credits.trim()),
    price: draft.price.trim(),
    creemProductId: draft.creemProductId.trim() || null,
    isActive: draft.isActive,
    description: draft.description.trim() || null,
    nameVi: draft.nameVi.trim() || null,
    descriptionVi: draft.descriptionVi.trim() || null,
    bonus: Number(draft.bonus.trim() || '0'),
    popular: draft.popular,
  };
}
