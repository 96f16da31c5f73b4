import type { ReactNode } from 'react';
import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import { navigate as go } from 'wouter/use-browser-location';

// The router library, for the host and every remote through this shared kit: one instance, so the base
// path the host nests a remote under reaches the remote's own routes.
// `RouteSwitch`: the kit's `Switch` is the toggle.
export { Route, Router, Switch as RouteSwitch, useLocation, useSearchParams } from 'wouter';

/** What the host passes a remote's `./routes`: the page address it mounted the remote at, and its 404 page. */
export interface RemoteRoutesProps {
  /** The nested router's base: the remote's routes match the addresses below it ('/' is `base` itself). */
  base: string;
  /** Shown for an address below `base` that the remote has no page for. */
  notFound: ReactNode;
}

/** Whether `path` is `route` (trailing slash allowed) or, `nested`, an address below it, as the router matches. */
export function matchesRoute(route: string, path: string, nested = false): boolean {
  return matchRoute(parse, route, path, nested)[0];
}

/**
 * Client-side navigation to an app address (absolute, whatever router it is called under); another
 * origin gets a full page load. A new page starts at the top, as a page load would.
 */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) {
    window.location.assign(url.href);
    return;
  }
  const target = url.pathname + url.search + url.hash;
  // A link to the page already shown adds no history entry.
  const replace = options.replace || target === window.location.pathname + window.location.search + window.location.hash;
  go(target, { replace });
  if (!url.hash && !options.replace) window.scrollTo({ top: 0 });
}
