// A package's name and description are the admin's words: Vietnamese readers get the admin's Vietnamese version
// where one was given, else the English.
import type { components } from '@app/api-client';
import { useI18n } from '@app/i18n';

type CreditPackage = components['schemas']['CreditPackage'];

export type PackageText = (pkg: Pick<CreditPackage, 'name' | 'description' | 'nameVi' | 'descriptionVi'>) => {
  name: string;
  description: string | null;
};

export function usePackageText(): PackageText {
  const vi = useI18n().language === 'vi';
  return (pkg) => ({
    name: (vi && pkg.nameVi) || pkg.name,
    description: (vi && pkg.descriptionVi) || pkg.description,
  });
}
