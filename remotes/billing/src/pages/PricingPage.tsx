import { useSession } from '@app/api-client';
import { useT } from '@app/i18n';
import { Card, navigate, PageHeader, Spinner, uiEntryLoaders } from '@app/ui';
import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { loadCheckoutParts } from '../checkout/loadCheckoutParts.ts';
import { usePrices } from '../format/price.ts';
import { ActionCosts } from '../packages/ActionCosts.tsx';
import type { CreditPackage } from '../packages/PackageCard.tsx';
import { PackageList } from '../packages/PackageList.tsx';
import { usePricingReturn } from '../returns/usePricingReturn.ts';
import { SignInPrompt } from '../session/SignInPrompt.tsx';
import { StatCards } from '../stats/StatCards.tsx';
import './pages.css';

// Loaded when first needed: the dialog on the first purchase, the history once the visitor is signed in.
// The dialog comes with the kit's dialog widget, both fetched on the first purchase.
const PurchaseDialog = lazy(() =>
  Promise.all([loadCheckoutParts(), uiEntryLoaders.dialog()]).then(([parts, kit]) => ({
    default: (props: Omit<ComponentProps<typeof parts.PurchaseDialog>, 'kit' | 'formatPrice'>) => (
      <parts.PurchaseDialog kit={kit} formatPrice={usePrices().exactDollars} {...props} />
    ),
  })),
);
const TransactionHistory = lazy(() => import('../history/TransactionHistory.tsx').then((m) => ({ default: m.TransactionHistory })));

/**
 * /pricing: the user's stats, what an image costs, the credit packages with the purchase dialog, and the transaction
 * history. Visitors see the packages and a sign-in prompt; buying sends them to /login.
 */
export function PricingPage() {
  const t = useT();
  const { user } = useSession();
  const { capturing } = usePricingReturn();
  const [buying, setBuying] = useState<CreditPackage | null>(null);
  // Mounted from the first purchase on, so it keeps its closing transition afterwards.
  const [hasBought, setHasBought] = useState(false);

  const onBuy = (pkg: CreditPackage) => {
    if (!user) navigate('/login');
    else {
      setHasBought(true);
      setBuying(pkg);
    }
  };

  return (
    <div className="ui-container ui-page billing-page">
      <PageHeader title={t('billing.pricingTitle')} subtitle={t('billing.pricingSubtitle')} />
      {capturing && (
        <Card className="billing-capturing" role="status" data-testid="paypal-capturing">
          <Spinner size="sm" />
          {t('billing.paypalCapturing')}
        </Card>
      )}
      {/* Nothing below the heading until it is known who is looking (the host asked at start, so this is rarely a
          wait): the stat cards or the sign-in prompt come above the packages, and either arriving later would push
          the packages down (a layout shift). The screen's reserved height keeps the footer out of view meanwhile. */}
      {user !== undefined && (
        <>
          {user ? <StatCards /> : <SignInPrompt />}
          <section className="billing-section" aria-labelledby="billing-packages-title">
            <h2 id="billing-packages-title" className="billing-section-title">
              {t('billing.packagesTitle')}
            </h2>
            <ActionCosts />
            <PackageList onBuy={onBuy} />
          </section>
        </>
      )}
      {user && (
        <Suspense fallback={null}>
          <TransactionHistory />
        </Suspense>
      )}
      {hasBought && (
        <Suspense fallback={null}>
          <PurchaseDialog pkg={buying} onClose={() => setBuying(null)} />
        </Suspense>
      )}
    </div>
  );
}
