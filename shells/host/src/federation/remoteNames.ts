/** The federated remotes and the paths each one renders. */
export const REMOTE_ROUTES = {
  studio: ['/generate', '/my-creations'],
  billing: ['/pricing', '/purchase-credits'],
  account: ['/login', '/my-account', '/api'],
  admin: ['/admin', '/history'],
} as const;

export type RemoteName = keyof typeof REMOTE_ROUTES;
export const REMOTE_NAMES = Object.keys(REMOTE_ROUTES) as RemoteName[];

/** Which remote renders `pathname` (exact path or a sub-path), or undefined for host pages. */
export function remoteFor(pathname: string): RemoteName | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const name of REMOTE_NAMES) {
    if (REMOTE_ROUTES[name].some((route) => path === route || path.startsWith(`${route}/`))) return name;
  }
  return undefined;
}
