import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';
import { federationChanged } from './changed.ts';
import type { ContainerOptions } from './container.ts';
import { REMOTE_ENTRY_FILE } from './options.ts';
import { HOST_SHARED, MODULE_CACHE_KEY } from './shared-names.ts';

/** The module @module-federation/vite builds into remoteEntry.js. */
const REMOTE_ENTRY = /^virtual:mf-REMOTE_ENTRY_ID:/;
const CONTAINER = fileURLToPath(new URL('./container.ts', import.meta.url));
/** A global init key as the plugin's generated modules spell it. */
const INIT_KEY = /__mf_init__[^`"'\s]+__/g;
/** What the plugin's runtime shim reads when a remote leaves the runtime to its host (experiments.externalRuntime). */
const HOST_RUNTIME = '_FEDERATION_RUNTIME_CORE';
/** The key a share wrapper looks its module up by in the module cache (`default:react`). */
const CACHE_LOOKUP = /canonical:\s*[`"']([^`"']+)[`"']/g;
/** The keys the host fills (./host.ts). */
const HOST_PROVIDED = new Set(HOST_SHARED.map((name) => `default:${name}`));

/** What the generated entry is read for: the names the remote's other generated modules share with it. */
const READ = {
  initKey: /const __mfResolveGlobalKey = ("[^"\n]+");/,
  cacheKey: /const __mfCacheGlobalKey = ("[^"\n]+");/,
  exposes: /import __mfExposesMap from ("[^"\n]+")/,
};

const revisit = (what: string) => federationChanged('remote-entry.ts', what);

function read(code: string, what: keyof typeof READ): string {
  const found = READ[what].exec(code)?.[1];
  if (!found) throw revisit(`its remote entry no longer has its ${what}`);
  return JSON.parse(found) as string;
}

/** The chunks a page loads through remoteEntry.js: the entry and everything it imports, at once or on demand. */
function loadedChunks(bundle: Rolldown.OutputBundle, entry: string): Rolldown.OutputChunk[] {
  const seen = new Map<string, Rolldown.OutputChunk>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || seen.has(fileName)) return;
    seen.set(fileName, chunk);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
  };
  visit(entry);
  return [...seen.values()];
}

/**
 * A remote's remoteEntry.js as a small container (./container.ts) instead of the plugin's generated init code:
 * about 20 KB (6.3 KB compressed) and one more file on every page that shows a remote, for decisions a remote that
 * shares everything consume-only from our host never has to make. The plugin still builds the exposes map and the
 * share wrappers; this reads from its entry the global names they use, so both sides agree. The build fails when
 * the plugin's side no longer matches: a wrapper that waits on another global, reads another module cache or keys
 * than the host fills (./host.ts), reads it without tracking its loads or never asks the container for a module the
 * page lacks, or a loaded chunk that needs a federation runtime (the host runs none).
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
        if (options.cacheKey !== MODULE_CACHE_KEY)
          throw revisit(`its module cache is ${options.cacheKey}, the host fills ${MODULE_CACHE_KEY}`);
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
    generateBundle(output, bundle) {
      if (!options) throw revisit('the build has no remote entry');
      const { initKey, cacheKey } = options;
      const entry = bundle[REMOTE_ENTRY_FILE];
      if (entry?.type !== 'chunk') throw revisit(`${output.dir ?? 'the build'} has no ${REMOTE_ENTRY_FILE}`);
      for (const chunk of loadedChunks(bundle, entry.fileName)) {
        if (chunk.code.includes(HOST_RUNTIME)) throw revisit(`${chunk.fileName} needs a federation runtime`);
        const keys = new Set(chunk.code.match(INIT_KEY));
        if (keys.size === 0 || chunk === entry) continue;
        const served = keys.size === 1 && keys.has(initKey) && chunk.code.includes(cacheKey);
        if (!served || !chunk.code.includes('pendingShareLoads') || !chunk.code.includes('loadLazyShares'))
          throw revisit(`${chunk.fileName} waits on federation init in a way the container does not serve`);
        const lookups = [...chunk.code.matchAll(CACHE_LOOKUP)].map((match) => match[1] ?? '');
        const unknown = [...new Set(lookups.filter((key) => !HOST_PROVIDED.has(key)))];
        if (lookups.length === 0 || unknown.length > 0)
          throw revisit(`${chunk.fileName} looks up shared modules as ${unknown.join(', ') || 'nothing the host provides'}`);
      }
    },
  };
}
