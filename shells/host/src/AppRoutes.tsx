import { WithMessages } from '@app/i18n';
import { useLocation } from '@app/ui';
import { type ComponentType, Suspense } from 'react';
import { RemoteOutlet } from './federation/RemoteOutlet.tsx';
import { remoteFor } from './federation/remoteNames.ts';
import { useDocumentTitle } from './layout/useDocumentTitle.ts';
import { pageDomains } from './pageMessages.ts';
import { ContactPage } from './pages/contact/ContactPage.tsx';
import { LandingPage } from './pages/landing/LandingPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';

/** Pages the host renders itself; everything else belongs to a remote or is not found. */
const HOST_PAGES: Record<string, ComponentType> = {
  '/': LandingPage,
  '/contact': ContactPage,
};

/** Picks what to render for the current path. */
export function AppRoutes() {
  const { pathname } = useLocation();
  useDocumentTitle(pathname);
  const remote = remoteFor(pathname);
  if (remote) return <RemoteOutlet name={remote} />;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const Page = HOST_PAGES[path] ?? NotFoundPage;
  // Reached by client-side navigation, a host page may still be fetching its messages.
  return (
    <Suspense fallback={<div className="page-loading" />}>
      <WithMessages domains={pageDomains(pathname)}>
        <Page />
      </WithMessages>
    </Suspense>
  );
}
