import { useT } from '@app/i18n';
import { Card, Spinner } from '@app/ui';
import { type CreditPackage, PackageCard } from './PackageCard.tsx';
import { useCreditPackages } from './useCreditPackages.ts';
import './packages.css';

/** The active credit packages as cards; `onBuy` decides what buying means (dialog or sign-in). */
export function PackageList({ onBuy }: { onBuy: (pkg: CreditPackage) => void }) {
  const t = useT();
  const { data, error, isLoading } = useCreditPackages();
  if (isLoading) return <Spinner size="lg" className="billing-packages-spinner" />;
  if (error || !data) return <Card className="ui-muted">{t('billing.packagesError')}</Card>;
  if (data.length === 0) return <Card className="ui-muted">{t('billing.packagesEmpty')}</Card>;
  return (
    <div className="billing-packages">
      {data.map((pkg) => (
        <PackageCard key={pkg.id} pkg={pkg} onBuy={onBuy} />
      ))}
    </div>
  );
}
