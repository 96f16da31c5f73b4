import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

const PACKAGE = /^@module-federation\/runtime\/package\.json$/;
const PREFIX = '\0app:version-of:';

/**
 * The federation runtime's version without its whole package.json. The plugin that publishes the runtime to the
 * remotes (experiments.provideExternalRuntime) imports the manifest for its `version` only, and a JSON default
 * import is not tree-shaken: about 1.5 KB of scripts, exports and repository fields (~0.5 KB compressed) on
 * every page.
 */
export function runtimeVersionOnly(): Plugin {
  return {
    name: 'app:federation-runtime-version',
    apply: 'build',
    enforce: 'pre',
    resolveId: {
      filter: { id: PACKAGE },
      async handler(source, importer, options) {
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        return resolved && { id: `${PREFIX}${resolved.id}` };
      },
    },
    load: {
      filter: { id: new RegExp(`^${PREFIX}`) },
      async handler(id) {
        const { version } = JSON.parse(await readFile(id.slice(PREFIX.length), 'utf8')) as { version: string };
        return { code: `export default { version: ${JSON.stringify(version)} };`, moduleType: 'js' };
      },
    },
  };
}
