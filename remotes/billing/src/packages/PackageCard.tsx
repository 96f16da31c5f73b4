import type { components } from '@app/api-client';
import { type MessageKey, useT } from '@app/i18n';
import { Badge, Button, Card } from '@app/ui';
import { usePrices } from '../format/price.ts';
import { usePackageText } from './packageText.ts';

export type CreditPackage = components['schemas']['CreditPackage'];

const FEATURES: MessageKey[] = [
  'billing.featureQuality',
  'billing.featureNeverExpire',
  'billing.featureApi',
  'billing.featureStorage',
  'billing.featureHd',
  'billing.featureRecreate',
];

export interface PackageCardProps {
  pkg: CreditPackage;
  onBuy: (pkg: CreditPackage) => void;
}

/** One credit package: price, credits, what is included, the price per credit and the buy button. */
export function PackageCard({ pkg, onBuy }: PackageCardProps) {
  const t = useT();
  const { wholeDollars, pricePerCredit } = usePrices();
  const text = usePackageText()(pkg);
  return (
    <Card className="billing-package" highlighted={pkg.popular} data-testid="credit-package">
      {pkg.popular && (
        <Badge variant="accent" className="billing-package-popular">
          {t('billing.mostPopular')}
        </Badge>
      )}
      <h3 className="billing-package-name">{text.name}</h3>
      <p className="billing-package-description">{text.description}</p>
      <p className="billing-package-price">{wholeDollars(pkg.price)}</p>
      <p className="billing-package-credits">{t('billing.credits', { count: pkg.credits })}</p>
      {pkg.bonus > 0 && <Badge variant="success">{t('billing.bonus', { count: pkg.bonus })}</Badge>}
      <ul className="billing-package-features">
        {FEATURES.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <p className="billing-package-per-credit">{t('billing.pricePerCredit', { price: pricePerCredit(pkg.price, pkg.credits) })}</p>
      <Button variant={pkg.popular ? 'primary' : 'secondary'} className="billing-package-buy" onPress={() => onBuy(pkg)}>
        {t('billing.buyNow')}
      </Button>
    </Card>
  );
}
