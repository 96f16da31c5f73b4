import { fileURLToPath } from 'node:url';
import type { UserConfig } from 'vite';
import { SHARED_SINGLETONS, UI_ENTRIES, type UiEntry, uiEntry } from './shared-names.ts';

/**
 * Module Federation options of the four remotes, kept in one place so the configs cannot drift (the host runs no
 * federation plugin: ./host.ts). Plain data on purpose: each vite.config.ts passes them to its own `federation()`
 * (the plugin is not resolvable from this folder), then adds the build steps of ours beside it (see remotes/README.md).
 */

/** `@scope/pkg/sub` -> `@scope/pkg`, `pkg/sub` -> `pkg`: the package whose version a subpath shares. */
const packageOf = (name: string) =>
  name
    .split('/')
    .slice(0, name.startsWith('@') ? 2 : 1)
    .join('/');

/** The file a remote's pages are loaded through (GET /api/remotes points the host at it). */
export const REMOTE_ENTRY_FILE = 'remoteEntry.js';

type SharedConfig = Record<string, { singleton: true; requiredVersion: string | false; import?: false }>;

/**
 * Builds the `shared` map from a package's own dependencies, so the versions come from the
 * workspace manifests instead of being typed twice. Workspace packages have no semver to check.
 */
export function sharedFrom(
  dependencies: Record<string, string>,
  names: readonly string[],
  options: { consumeOnly?: boolean } = {},
): SharedConfig {
  const shared: SharedConfig = {};
  for (const name of names) {
    const version = dependencies[packageOf(name)];
    if (!version) throw new Error(`shared singleton ${name} is missing from dependencies`);
    shared[name] = { singleton: true, requiredVersion: version.startsWith('workspace:') ? false : `^${version}` };
    if (options.consumeOnly) shared[name].import = false;
  }
  return shared;
}

/**
 * The federation options of remote `name`: one `./routes` entry that renders its pages. `uiEntries`
 * are the UI kit widgets it renders: a remote fetches a module it shares from the host as soon as a
 * chunk that imports it loads, so it lists only its own.
 */
export function remoteFederation(name: string, dependencies: Record<string, string>, uiEntries: readonly UiEntry[] = []) {
  return {
    name,
    filename: REMOTE_ENTRY_FILE,
    exposes: { './routes': './src/routes.tsx' },
    // Remotes reach React Aria only through the shared @app/ui (see packages/ui/src/primitives.ts).
    // Consume-only: a remote always runs inside the host, which provides every shared module, so
    // it carries no fallback copies (which the bundler would otherwise merge into chunks it loads).
    // The plugin then gives each share's wrapper only the names the remote imports.
    shared: sharedFrom(dependencies, [...SHARED_SINGLETONS, ...uiEntries.map(uiEntry)], { consumeOnly: true }),
    manifest: true,
    // No runtime of its own: the plugin's init code, the runtime's only user, is replaced by our container
    // (./remote-entry.ts), whose build check also fails if a chunk a page loads reaches for a runtime.
    experiments: { externalRuntime: true },
    disableRemote: true,
    // Types are not published between packages here; the workspace already shares the sources.
    dts: false,
  };
}

/**
 * Vite aliases that make a remote load the UI entries it does not list up front on demand: its imports
 * of '@app/ui/<entry>' resolve to remotes/lazy-ui/<entry>.ts, which awaits the host's module through the
 * shared @app/ui. A remote shares up front the entries its pages render at once (a shared module is fetched as
 * soon as a chunk that imports it loads) and leaves the rest (dialogs, signed-in sections) to these,
 * behind its own lazy imports.
 */
export function lazyUiAliases(upFront: readonly UiEntry[]) {
  return UI_ENTRIES.filter((entry) => !upFront.includes(entry)).map((entry) => ({
    find: new RegExp(`^${uiEntry(entry)}$`),
    replacement: fileURLToPath(new URL(`../lazy-ui/${entry}.ts`, import.meta.url)),
  }));
}

/**
 * What every UI build prints: warnings and errors only (`--logLevel info` brings back the file table). Rolldown's
 * plugin timings are off: they name the federation plugin's load hooks, which wait for the module graph by design.
 */
export const quietBuild = { logLevel: 'warn', checks: { pluginTimings: false } } as const;

/**
 * Vite options every remote needs: `base: './'` so its chunks load relative to wherever its
 * remoteEntry.js is served (same origin under /remotes/<name>/ or another origin entirely).
 */
export const remoteViteOptions = {
  base: './',
  logLevel: quietBuild.logLevel,
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    // No index.html: a remote is only ever mounted by the host, so its one input is the exposed module.
    // Its remoteEntry.js is our small container (`remoteEntry()` in each vite.config.ts, ./remote-entry.ts).
    rolldownOptions: { input: 'src/routes.tsx', checks: quietBuild.checks },
  },
} satisfies UserConfig;
