import { useLocation } from '@app/ui';
import { lazy } from 'react';
import { PricingPage } from './pages/PricingPage.tsx';

// The signed-in checkout page loads on its own, so /pricing downloads only itself. The host's Suspense
// around the remote shows its skeleton meanwhile.
const PurchaseCreditsPage = lazy(() => import('./pages/PurchaseCreditsPage.tsx').then((m) => ({ default: m.PurchaseCreditsPage })));

/** Exposed as `billing/routes`: the host mounts it for /pricing and /purchase-credits. */
export default function BillingRoutes() {
  const { pathname } = useLocation();
  return pathname.startsWith('/purchase-credits') ? <PurchaseCreditsPage /> : <PricingPage />;
}
