import { HOST_PAGE_PATHS, REMOTE_NAMES, REMOTE_ROUTES, type RemoteName } from '@app/contract/constants';
import { matchesRoute } from '@app/ui';

export type HostPagePath = (typeof HOST_PAGE_PATHS)[number];

/** The host page at `pathname` (exact address), if any. */
export function hostPageFor(pathname: string): HostPagePath | undefined {
  return HOST_PAGE_PATHS.find((page) => matchesRoute(page, pathname));
}

/** Which remote renders `pathname` (one of its pages or an address below it), or undefined. */
export function remoteFor(pathname: string): RemoteName | undefined {
  return REMOTE_NAMES.find((name) => REMOTE_ROUTES[name].some((page) => matchesRoute(page, pathname, true)));
}
