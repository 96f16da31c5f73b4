import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import type { ContainerOptions } from './remote-entry/container.ts';

/** The module @module-federation/vite builds into remoteEntry.js. */
const REMOTE_ENTRY = /^virtual:mf-REMOTE_ENTRY_ID:/;
const CONTAINER = fileURLToPath(new URL('./remote-entry/container.ts', import.meta.url));

/** What the generated entry is read for: the names the remote's other generated modules share with it. */
const READ = {
  initKey: /const __mfResolveGlobalKey = ("[^"\n]+");/,
  cacheKey: /const __mfCacheGlobalKey = ("[^"\n]+");/,
  exposes: /import __mfExposesMap from ("[^"\n]+")/,
};

function read(code: string, what: keyof typeof READ): string {
  const found = READ[what].exec(code)?.[1];
  if (!found) throw new Error(`@module-federation/vite's remote entry no longer has its ${what}: revisit remotes/remote-entry.ts`);
  return JSON.parse(found) as string;
}

/**
 * A remote's remoteEntry.js as a small container (remote-entry/container.ts) instead of the plugin's generated
 * init code: about 20 KB (6.3 KB compressed) and one more file on every page that shows a remote, for decisions
 * a remote that shares everything consume-only from our host never has to make. The plugin still builds the
 * exposes map and the share wrappers; this reads from its entry the global names they use, so both sides agree.
 */
export function remoteEntry(): Plugin {
  return {
    name: 'app:remote-entry',
    apply: 'build',
    // After @module-federation/vite, which writes the entry's code in its own transform.
    enforce: 'post',
    transform: {
      filter: { id: REMOTE_ENTRY },
      handler(code) {
        const options: ContainerOptions = { initKey: read(code, 'initKey'), cacheKey: read(code, 'cacheKey') };
        return {
          code: [
            `import exposes from ${JSON.stringify(read(code, 'exposes'))};`,
            `import { container } from ${JSON.stringify(CONTAINER)};`,
            `export const { init, get } = container(${JSON.stringify(options)}, exposes);`,
          ].join('\n'),
          map: null,
        };
      },
    },
  };
}
