import { useT } from '@app/i18n';
import { Badge, Card, Radio, RadioGroup, Spinner } from '@app/ui';
import { usePrices } from '../format/price.ts';
import type { CreditPackage } from '../packages/PackageCard.tsx';
import { usePackageText } from '../packages/packageText.ts';
import { useCreditPackages } from '../packages/useCreditPackages.ts';

export interface PackagePickerProps {
  selectedId: string | null;
  onSelect: (pkg: CreditPackage) => void;
}

/** The active packages as one choice; the chosen one feeds the order summary. */
export function PackagePicker({ selectedId, onSelect }: PackagePickerProps) {
  const t = useT();
  const { exactDollars, pricePerCredit } = usePrices();
  const packageText = usePackageText();
  const { data, error, isLoading } = useCreditPackages();
  if (isLoading) return <Spinner size="lg" className="billing-packages-spinner" />;
  if (error || !data) return <Card className="ui-muted">{t('billing.packagesError')}</Card>;
  if (data.length === 0) return <Card className="ui-muted">{t('billing.packagesEmpty')}</Card>;
  return (
    <RadioGroup
      aria-label={t('billing.selectPackage')}
      value={selectedId}
      onChange={(id) => {
        const pkg = data.find((p) => p.id === id);
        if (pkg) onSelect(pkg);
      }}
      className="billing-picker"
    >
      {data.map((pkg) => (
        <Radio key={pkg.id} value={pkg.id} card className="billing-picker-option" data-testid="package-option">
          <span className="billing-picker-main">
            <span className="billing-picker-name">
              {packageText(pkg).name}
              {pkg.popular && <Badge variant="accent">{t('billing.mostPopular')}</Badge>}
            </span>
            <span className="billing-picker-credits">{t('billing.credits', { count: pkg.credits })}</span>
            {pkg.description && <span className="billing-picker-description">{pkg.description}</span>}
          </span>
          <span className="billing-picker-price">
            <span className="billing-picker-amount">{exactDollars(pkg.price)}</span>
            <span className="billing-picker-per-credit">
              {t('billing.pricePerCredit', { price: pricePerCredit(pkg.price, pkg.credits) })}
            </span>
          </span>
        </Radio>
      ))}
    </RadioGroup>
  );
}
