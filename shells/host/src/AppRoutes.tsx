import { REMOTE_NAMES, REMOTE_ROUTES } from '@app/contract/constants';
import { type Domain, WithMessages } from '@app/i18n';
import { Route, RouteSwitch } from '@app/ui';
import { type ComponentType, Suspense } from 'react';
import { RemoteOutlet } from './federation/RemoteOutlet.tsx';
import { useDocumentTitle } from './layout/useDocumentTitle.ts';
import { pageDomains } from './pageMessages.ts';
import { ContactPage } from './pages/contact/ContactPage.tsx';
import { LandingPage } from './pages/landing/LandingPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import type { HostPagePath } from './routing.ts';

/** Pages the host renders itself. */
export const HOST_PAGES: Record<HostPagePath, ComponentType> = {
  '/': LandingPage,
  '/contact': ContactPage,
};

/** A host page with its messages; reached by client-side navigation, it may still be fetching them. */
function HostPage({ domains, page: Page }: { domains: Domain[]; page: ComponentType }) {
  return (
    <Suspense fallback={<div className="page-loading" />}>
      <WithMessages domains={domains}>
        <Page />
      </WithMessages>
    </Suspense>
  );
}

/**
 * The route table: the host's pages, each remote nested under each of its pages (it routes the addresses
 * below), and the 404 page for the rest.
 */
export function AppRoutes() {
  useDocumentTitle();
  return (
    <RouteSwitch>
      {Object.entries(HOST_PAGES).map(([path, page]) => (
        <Route key={path} path={path}>
          <HostPage domains={pageDomains(path)} page={page} />
        </Route>
      ))}
      {REMOTE_NAMES.flatMap((name) =>
        REMOTE_ROUTES[name].map((base) => (
          // Keyed by remote, not page: moving between a remote's pages keeps it mounted (only its base changes).
          <Route key={name} path={base} nest>
            <RemoteOutlet name={name} base={base} notFound={<NotFoundPage />} />
          </Route>
        )),
      )}
      <Route>
        <HostPage domains={[]} page={NotFoundPage} />
      </Route>
    </RouteSwitch>
  );
}
