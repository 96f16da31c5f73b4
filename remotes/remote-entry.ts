import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import type { ContainerOptions } from './remote-entry/container.ts';

/** The module @module-federation/vite builds into remoteEntry.js. */
const REMOTE_ENTRY = /^virtual:mf-REMOTE_ENTRY_ID:/;
const CONTAINER = fileURLToPath(new URL('./remote-entry/container.ts', import.meta.url));
/** A global init key as the plugin's generated modules spell it. */
const INIT_KEY = /__mf_init__[^`"'\s]+__/g;

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
  let options: ContainerOptions | undefined;
  return {
    name: 'app:remote-entry',
    apply: 'build',
    // After @module-federation/vite, which writes the entry's code in its own transform.
    enforce: 'post',
    transform: {
      filter: { id: REMOTE_ENTRY },
      handler(code) {
        options = { initKey: read(code, 'initKey'), cacheKey: read(code, 'cacheKey') };
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
    // The share wrappers must wait on this container's init and ask it for what the page lacks.
    generateBundle(_output, bundle) {
      if (!options) throw new Error('remoteEntry: the build has no @module-federation/vite remote entry');
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const keys = new Set(chunk.code.match(INIT_KEY));
        if (keys.size === 0) continue;
        const { initKey, cacheKey } = options;
        if (keys.size > 1 || !keys.has(initKey) || !chunk.code.includes(cacheKey) || !chunk.code.includes('loadLazyShares'))
          throw new Error(
            `${chunk.fileName} waits on federation init in a way the container does not serve: revisit remotes/remote-entry.ts`,
          );
      }
    },
  };
}
