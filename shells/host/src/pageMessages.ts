import type { Domain } from '@app/i18n';
import { type HostPagePath, hostPageFor, remoteFor } from './routing.ts';

/** Messages of the host's own pages. */
const HOST_PAGE_DOMAINS: Record<HostPagePath, Domain> = { '/': 'landing', '/contact': 'contact' };

/**
 * The message domains the page at `pathname` renders with, besides `common`: a remote's domain is
 * its name, so its catalogue arrives alongside its code instead of after it.
 */
export function pageDomains(pathname: string): Domain[] {
  const remote = remoteFor(pathname);
  if (remote) return [remote];
  const page = hostPageFor(pathname);
  return page ? [HOST_PAGE_DOMAINS[page]] : [];
}
