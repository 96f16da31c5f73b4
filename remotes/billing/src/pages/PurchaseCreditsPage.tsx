import { useSession } from '@app/api-client';
import { useT } from '@app/i18n';
import { PageHeader, Spinner } from '@app/ui';
import { useState } from 'react';
import type { CreditPackage } from '../packages/PackageCard.tsx';
import { BalanceCard } from '../purchase/BalanceCard.tsx';
import { OrderSummary } from '../purchase/OrderSummary.tsx';
import { PackagePicker } from '../purchase/PackagePicker.tsx';
import { CreemReturnBanner } from '../returns/CreemReturnBanner.tsx';
import { useCreemReturn } from '../returns/useCreemReturn.ts';
import { SignInPrompt } from '../session/SignInPrompt.tsx';
import '../purchase/purchase.css';
import './pages.css';

/**
 * /purchase-credits (sign-in required): the outcome of a card payment Creem returned from, the balance,
 * the packages to choose from and the order summary that starts the payment.
 */
export function PurchaseCreditsPage() {
  const t = useT();
  const { user } = useSession();
  const [selected, setSelected] = useState<CreditPackage | null>(null);
  // Read here, not in the banner: the page outlives any re-render of the signed-in part.
  const creemReturn = useCreemReturn(Boolean(user));

  return (
    <div className="ui-container ui-page billing-page">
      <PageHeader title={t('billing.purchaseTitle')} subtitle={t('billing.purchaseSubtitle')} />
      {user === undefined && <Spinner size="lg" className="billing-packages-spinner" />}
      {user === null && <SignInPrompt />}
      {user && (
        <>
          <CreemReturnBanner state={creemReturn} />
          <div className="billing-purchase">
            <div className="billing-purchase-main">
              <BalanceCard />
              <h2 className="billing-section-title">{t('billing.selectPackage')}</h2>
              <PackagePicker selectedId={selected?.id ?? null} onSelect={setSelected} />
            </div>
            <OrderSummary pkg={selected} />
          </div>
        </>
      )}
    </div>
  );
}
