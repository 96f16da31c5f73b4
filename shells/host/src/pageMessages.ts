import type { Domain } from '@app/i18n';
import { remoteFor } from './federation/remoteNames.ts';

/** Messages of the host's own pages, by path. */
const HOST_PAGE_DOMAINS: Record<string, Domain> = { '/': 'landing', '/contact': 'contact' };

/**
 * The message domains the page at `pathname` renders with, besides `common`: a remote's domain is
 * its name, so its catalogue arrives alongside its code instead of after it.
 */
export function pageDomains(pathname: string): Domain[] {
  const remote = remoteFor(pathname);
  if (remote) return [remote];
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const domain = HOST_PAGE_DOMAINS[path];
  return domain ? [domain] : [];
}
