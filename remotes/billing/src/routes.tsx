import { useLocation } from '@app/ui';
import { PricingPage } from './pages/PricingPage.tsx';
import { PurchaseCreditsPage } from './pages/PurchaseCreditsPage.tsx';

/** Exposed as `billing/routes`: the host mounts it for /pricing and /purchase-credits. */
export default function BillingRoutes() {
  const { pathname } = useLocation();
  return pathname.startsWith('/purchase-credits') ? <PurchaseCreditsPage /> : <PricingPage />;
}
