import type { RemoteName } from '@app/contract/constants';
import { WithMessages } from '@app/i18n';
import { type RemoteRoutesProps, useLocation } from '@app/ui';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { RemoteErrorBoundary } from './RemoteErrorBoundary.tsx';
import { RemoteSkeleton } from './RemoteSkeleton.tsx';
import { loadRemoteRoutes } from './remotes.ts';

// One lazy component per remote, so moving between its pages never reloads it.
const routeComponents = new Map<RemoteName, LazyExoticComponent<ComponentType<RemoteRoutesProps>>>();

/** The remote's lazy component; its download starts now, not when React first renders it. */
export function routesOf(name: RemoteName) {
  let routes = routeComponents.get(name);
  if (!routes) {
    const loading = loadRemoteRoutes(name);
    // Handled by the lazy component when it renders; this only silences the early rejection.
    loading.catch(() => undefined);
    routes = lazy(() => loading);
    routeComponents.set(name, routes);
  }
  return routes;
}

/**
 * Renders remote `name` for its page `base` (its code and its messages, fetched in parallel), with a
 * page-sized skeleton while they load and a fallback if it fails. The remote routes the addresses below `base`.
 */
export function RemoteOutlet({ name, ...props }: { name: RemoteName } & RemoteRoutesProps) {
  const Routes = routesOf(name);
  // The remote's page itself ('/' below its base), not an address under it: the skeleton may show its head.
  const [path] = useLocation();
  return (
    // At least a screen tall, loading or loaded: a remote page fills in as its data arrives, and the
    // footer must not show up under a half-built page and then jump away (layout shift).
    <div className="remote-section">
      <RemoteErrorBoundary key={name} remote={name}>
        <Suspense fallback={<RemoteSkeleton remote={name} page={path === '/' ? props.base : undefined} />}>
          <WithMessages domains={[name]}>
            <Routes {...props} />
          </WithMessages>
        </Suspense>
      </RemoteErrorBoundary>
    </div>
  );
}
