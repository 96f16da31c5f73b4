import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { SectionUnavailable } from './SectionUnavailable.tsx';

/**
 * When a remote's entry or module cannot be loaded (server down, wrong URL, CORS), hand back a
 * stand-in module instead of an exception, so the shell keeps its header and footer.
 */
export function offlineRemotePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'offline-remote',
    errorLoadRemote({ id, error, lifecycle }) {
      console.error(`Remote module ${id} failed to load (${lifecycle})`, error);
      if (lifecycle !== 'onLoad') return undefined;
      const remote = id.split('/')[0] ?? id;
      return { default: () => <SectionUnavailable remote={remote} /> };
    },
  };
}
