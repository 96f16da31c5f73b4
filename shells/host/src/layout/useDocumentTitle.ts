import { type MessageKey, useT } from '@app/i18n';
import { matchesRoute, useLocation } from '@app/ui';
import { useEffect } from 'react';

/** The name of each page in the tab's title; the landing page is the product itself. */
const PAGE_TITLES: Record<string, MessageKey> = {
  '/contact': 'common.navContact',
  '/generate': 'common.navGenerate',
  '/my-creations': 'common.navMyCreations',
  '/boards': 'common.navBoards',
  '/pricing': 'common.navPricing',
  '/purchase-credits': 'common.navPurchaseCredits',
  '/login': 'common.signIn',
  '/my-account': 'common.myAccount',
  '/api': 'common.navApi',
  '/admin': 'common.navAdmin',
  '/history': 'common.navHistory',
};

/**
 * The page's own title ('Generate · Nano Banana Studio'), 'Page Not Found · ...' for any other address
 * (a remote's too: it has no pages below its own yet).
 */
export function pageTitleKey(pathname: string): MessageKey | null {
  if (matchesRoute('/', pathname)) return null;
  const page = Object.keys(PAGE_TITLES).find((route) => matchesRoute(route, pathname));
  return page ? (PAGE_TITLES[page] ?? null) : 'common.notFoundTitle';
}

/** Keeps `document.title` in step with the address and the language. */
export function useDocumentTitle(): void {
  const t = useT();
  const [pathname] = useLocation();
  useEffect(() => {
    const key = pageTitleKey(pathname);
    document.title = key ? `${t(key)} · ${t('common.brand')}` : t('common.brand');
  }, [pathname, t]);
}
