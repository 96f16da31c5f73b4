import { Spinner } from '@app/ui';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { RemoteErrorBoundary } from './RemoteErrorBoundary.tsx';
import type { RemoteName } from './remoteNames.ts';
import { loadRemoteRoutes } from './remotes.ts';

// One lazy component per remote, so moving between its pages never reloads it.
const routeComponents = new Map<RemoteName, LazyExoticComponent<ComponentType>>();

function routesOf(name: RemoteName) {
  let routes = routeComponents.get(name);
  if (!routes) {
    routes = lazy(() => loadRemoteRoutes(name));
    routeComponents.set(name, routes);
  }
  return routes;
}

/** Renders the remote that owns the current path, with a spinner while it loads and a fallback if it fails. */
export function RemoteOutlet({ name }: { name: RemoteName }) {
  const Routes = routesOf(name);
  return (
    <RemoteErrorBoundary key={name} remote={name}>
      <Suspense
        fallback={
          <div className="remote-loading">
            <Spinner size="lg" />
          </div>
        }
      >
        <Routes />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
