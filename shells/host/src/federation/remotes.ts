import { request } from '@app/api-client';
import type { RemoteName } from '@app/contract/constants';
import type { RemoteRoutesProps } from '@app/ui';
import type { ComponentType } from 'react';
import { remoteLoader } from '../../../../remotes/federation/host.ts';
import { shareScope } from './shares.ts';

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

let manifest: Promise<Record<string, string>> | undefined;

/** Reads GET /api/remotes once; later calls share the same promise. */
export function remotesReady(): Promise<unknown> {
  manifest ??= readManifest();
  return manifest;
}

const loadExposed = remoteLoader(shareScope);

export interface RemoteRoutesModule {
  default: ComponentType<RemoteRoutesProps>;
}

/**
 * Loads `./routes` of remote `name`, the component that renders its pages. A remote that cannot be loaded (server
 * down, wrong URL, CORS) rejects: its section's error boundary shows the fallback, the shell keeps working.
 */
export async function loadRemoteRoutes(name: RemoteName): Promise<RemoteRoutesModule> {
  manifest ??= readManifest();
  // Absolute, so a relative manifest entry resolves against the page.
  const url = new URL((await manifest)[name] ?? defaultEntry(name), window.location.href).href;
  const mod = (await loadExposed(url, './routes')) as Partial<RemoteRoutesModule> | undefined;
  if (!mod?.default) throw new Error(`Remote ${name} did not expose ./routes`);
  return mod as RemoteRoutesModule;
}
