/**
 * What the host shares with its remotes, by name: plain data without Node imports, read by the build configs
 * (./options.ts) and by the host's page code (./host.ts), so both sides name the same modules.
 */

/**
 * Singletons: one React, one SWR cache, one API client, one UI kit and one i18n store per page.
 * React Aria is deliberately not shared: a shared package is loaded whole (985 KB, 283 KB gzipped),
 * while unshared it is tree-shaken into the host's own @app/ui chunk, which the remotes share. The
 * host's header and providers import React Aria directly and land in that same single instance.
 */
export const SHARED_SINGLETONS = ['react', 'react-dom', 'swr', '@app/api-client', '@app/ui', '@app/i18n'] as const;
export type SharedSingleton = (typeof SHARED_SINGLETONS)[number];

/** The UI kit's heavier widgets, one shared entry each (see packages/ui/src/index.ts). */
export const UI_ENTRIES = ['dialog', 'number-field', 'select', 'table', 'tabs'] as const;
export type UiEntry = (typeof UI_ENTRIES)[number];
export const uiEntry = (entry: UiEntry) => `@app/ui/${entry}` as const;

/** Everything the host provides: the singletons and every UI entry. */
export const HOST_SHARED: readonly string[] = [...SHARED_SINGLETONS, ...UI_ENTRIES.map(uiEntry)];

/**
 * The global object where a remote's share wrappers (written by @module-federation/vite) look for each shared
 * module, as `default:<name>`, before asking the container for it. The host puts its own modules there.
 */
export const MODULE_CACHE_KEY = '__mf_module_cache__';
