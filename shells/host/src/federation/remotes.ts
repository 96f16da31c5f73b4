import { request } from '@app/api-client';
import { REMOTE_NAMES, type RemoteName } from '@app/contract/constants';
import type { RemoteRoutesProps } from '@app/ui';
import { loadRemote, loadShare, registerPlugins, registerRemotes } from '@module-federation/runtime';
import type { ComponentType } from 'react';
import { offlineRemotePlugin } from './offlineRemotePlugin.tsx';

/** Where the API serves each built remote unless its manifest says otherwise. */
const defaultEntry = (name: RemoteName) => `/remotes/${name}/remoteEntry.js`;

async function readManifest(): Promise<Record<string, string>> {
  try {
    return (await request('get', '/api/remotes')).remotes;
  } catch (error) {
    // The shell must still start: fall back to the same-origin defaults.
    console.warn('Remote manifest unavailable, using defaults', error);
    return {};
  }
}

/**
 * Singletons a remote would otherwise take over. The host reaches these only through other shared
 * modules at start, so its copies are registered but not loaded; loading them through the share scope
 * before any remote registers makes a remote reuse them instead of running a second
 * i18n store (whose contexts would not reach the host's providers). React, swr, the client and the
 * UI kit are loaded by the host's own start-up already; loading them here again gave the header a
 * second SWR cache (the account-header e2e test catches that).
 */
const HOST_SINGLETONS = ['react/jsx-runtime', '@app/i18n'];

async function register(): Promise<void> {
  const [manifest] = await Promise.all([readManifest(), Promise.all(HOST_SINGLETONS.map((name) => loadShare(name)))]);
  registerPlugins([offlineRemotePlugin()]);
  registerRemotes(
    REMOTE_NAMES.map((name) => ({
      name,
      // Absolute, so a relative manifest entry resolves against the page, not the runtime.
      entry: new URL(manifest[name] ?? defaultEntry(name), window.location.href).href,
      type: 'module',
    })),
  );
}

let ready: Promise<void> | undefined;

/** Reads GET /api/remotes once and registers every remote; later calls share the same promise. */
export function remotesReady(): Promise<void> {
  ready ??= register();
  return ready;
}

export interface RemoteRoutesModule {
  default: ComponentType<RemoteRoutesProps>;
}

/** Loads `<name>/routes`, the component that renders a remote's pages. */
export async function loadRemoteRoutes(name: RemoteName): Promise<RemoteRoutesModule> {
  await remotesReady();
  const mod = await loadRemote<RemoteRoutesModule>(`${name}/routes`);
  if (!mod?.default) throw new Error(`Remote ${name} did not expose ./routes`);
  return mod;
}
