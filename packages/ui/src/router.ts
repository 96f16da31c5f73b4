import { useMemo, useSyncExternalStore } from 'react';

/** Fired after every `navigate`, so all subscribers (host and remotes) re-render. */
const NAVIGATE_EVENT = 'app:navigate';

export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
  searchParams: URLSearchParams;
}

function currentHref(): string {
  return window.location.pathname + window.location.search + window.location.hash;
}

/**
 * Client-side navigation through the history API. Other origins get a full page load.
 * Listeners are window events rather than module state, so even a second copy of this
 * module (a remote that failed to share) stays in step.
 */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) {
    window.location.assign(url.href);
    return;
  }
  const target = url.pathname + url.search + url.hash;
  if (options.replace) window.history.replaceState(null, '', target);
  else if (target !== currentHref()) window.history.pushState(null, '', target);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
  if (!url.hash && !options.replace) window.scrollTo({ top: 0 });
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

/** The current location; re-renders on `navigate` and on back/forward. */
export function useLocation(): AppLocation {
  const href = useSyncExternalStore(subscribe, currentHref, () => '/');
  return useMemo(() => {
    const url = new URL(href, 'http://localhost');
    return { pathname: url.pathname, search: url.search, hash: url.hash, searchParams: url.searchParams };
  }, [href]);
}

/** Whether a nav link for `href` is the current page (exact for `/`, prefix otherwise). */
export function isActivePath(pathname: string, href: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}
