import optimizeLocales from '@react-aria/optimize-locales-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { icuCatalogues } from '../../packages/i18n/build/icuCatalogues.ts';
import { LOCALES } from '../../packages/i18n/src/define.ts';
import { quietBuild } from '../../remotes/federation/options.ts';
import { precompress } from '../../remotes/precompress.ts';
import { firstPaint } from './build/firstPaint.ts';

// `vite dev` proxies to a running API, which also serves the built remotes.
const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * The host provides the shared singletons and bakes in no remote: their URLs come from GET /api/remotes at start
 * (see src/federation/remotes.ts). It runs no federation plugin or runtime: it loads each remote's container
 * (remotes/federation/host.ts), so its own build is a plain Vite app.
 */
export default defineConfig({
  logLevel: quietBuild.logLevel,
  plugins: [
    // React Aria ships its strings for 34 locales inside each widget; keep only the app's languages. It has
    // none for Vietnamese and falls back to its en-US strings, as it did before the others were dropped.
    optimizeLocales.vite({ locales: Object.values(LOCALES) }),
    react(),
    // The catalogues (bundled here, as @app/i18n is the host's) with their ICU messages compiled.
    icuCatalogues(),
    // Each page's first frame as HTML (before precompress, which compresses it with the rest).
    firstPaint(),
    precompress(),
  ],
  build: {
    target: 'es2022',
    rolldownOptions: { checks: quietBuild.checks },
    // A catalogue with ICU messages is imported without a preload list (it would list ICU's runtime helpers,
    // one small chunk fetched right after it): the lists' table would weigh on every page, /login included.
    // No polyfill: every browser the build targets either supports modulepreload or, without it, still loads
    // the modules (only later), so its ~1 KB would be dead weight on every page.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps) => (deps.some((dep) => /[\\/]cardinals-[\w-]+\.js$/.test(dep)) ? [] : deps),
    },
  },
  server: { proxy: { '/api': apiUrl, '/remotes': apiUrl } },
});
