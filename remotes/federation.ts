/**
 * Module Federation options shared by the host and the four remotes, kept in one place so the
 * configs cannot drift. Plain data on purpose: each vite.config.ts passes it to its own
 * `federation()` (the plugin is not resolvable from this folder).
 */

/** Singletons: one React, one SWR cache, one RAC, one API client, one UI kit and one i18n store per page. */
export const SHARED_SINGLETONS = ['react', 'react-dom', 'swr', 'react-aria-components', '@app/api-client', '@app/ui', '@app/i18n'] as const;

type SharedConfig = Record<string, { singleton: true; requiredVersion: string | false }>;

/**
 * Builds the `shared` map from a package's own dependencies, so the versions come from the
 * workspace manifests instead of being typed twice. Workspace packages have no semver to check.
 */
export function sharedFrom(dependencies: Record<string, string>, names: readonly string[] = SHARED_SINGLETONS): SharedConfig {
  const shared: SharedConfig = {};
  for (const name of names) {
    const version = dependencies[name];
    if (!version) throw new Error(`shared singleton ${name} is missing from dependencies`);
    shared[name] = { singleton: true, requiredVersion: version.startsWith('workspace:') ? false : `^${version}` };
  }
  return shared;
}

/** The federation options of remote `name`: one `./routes` entry that renders its pages. */
export function remoteFederation(name: string, dependencies: Record<string, string>) {
  return {
    name,
    filename: 'remoteEntry.js',
    exposes: { './routes': './src/routes.tsx' },
    // Remotes reach React Aria only through the shared @app/ui (see packages/ui/src/primitives.ts):
    // listing it here would make every remote ship and download its own ~1 MB fallback copy.
    shared: sharedFrom(
      dependencies,
      SHARED_SINGLETONS.filter((name) => name !== 'react-aria-components'),
    ),
    manifest: true,
    // Types are not published between packages here; the workspace already shares the sources.
    dts: false,
  };
}

/**
 * Vite options every remote needs: `base: './'` so its chunks load relative to wherever its
 * remoteEntry.js is served (same origin under /remotes/<name>/ or another origin entirely).
 */
export const remoteViteOptions = {
  base: './',
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    // No index.html: a remote is only ever mounted by the host, so its one input is the exposed module.
    rolldownOptions: { input: 'src/routes.tsx' },
  },
} as const;
