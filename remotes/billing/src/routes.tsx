import type { RemotePagePath } from '@app/contract/constants';
import { type RemoteRoutesProps, Route, RouteSwitch } from '@app/ui';
import { type ComponentType, lazy } from 'react';
import { PricingPage } from './pages/PricingPage.tsx';

// The signed-in checkout page loads on its own, so /pricing downloads only itself. The host's Suspense
// around the remote shows its skeleton meanwhile.
const PurchaseCreditsPage = lazy(() => import('./pages/PurchaseCreditsPage.tsx').then((m) => ({ default: m.PurchaseCreditsPage })));

const PAGES: Record<RemotePagePath<'billing'>, ComponentType> = {
  '/pricing': PricingPage,
  '/purchase-credits': PurchaseCreditsPage,
};

/** Exposed as `billing/routes`: the host nests it under each of its pages (`base`); it routes the addresses below. */
export default function BillingRoutes({ base, notFound }: RemoteRoutesProps) {
  return (
    <RouteSwitch>
      <Route path="/" component={PAGES[base as RemotePagePath<'billing'>]} />
      <Route>{notFound}</Route>
    </RouteSwitch>
  );
}
