/**
 * The host's side of our container protocol (./container.ts), in place of @module-federation/vite's host entry
 * and the federation runtime (about 24 KB compressed on every page, with its bootstrap and share negotiation):
 * every remote is our container and takes every shared module from the host, so there is nothing to negotiate.
 * The host puts the modules it runs at start in the page's module cache, where the remotes' share wrappers read
 * them, and hands each container a share scope for the rest (the UI kit's widgets, fetched on first use).
 * What the wrappers read is checked at each remote's build (./remote-entry.ts).
 */
import type { ModuleCache, ShareScope } from './container.ts';
import { MODULE_CACHE_KEY, type SharedSingleton, type UiEntry, uiEntry } from './shared-names.ts';

/** Version of every module in the scope: the host's is the only one, and consume-only remotes check none. */
const HOST_VERSION = '0.0.0';

/** A remote's remoteEntry.js as the host calls it. */
export interface RemoteContainer {
  init(shareScope: ShareScope): Promise<void>;
  get(expose: string): Promise<() => unknown>;
}

/**
 * The host's shared modules: `modules` (each singleton, already loaded) go into the page's module cache at once;
 * `loaders` (each UI entry) load when a remote first asks. Returns the share scope to hand every container.
 */
export function provideShares(modules: Record<SharedSingleton, object>, loaders: Record<UiEntry, () => Promise<object>>): ShareScope {
  const global = globalThis as unknown as Record<string, ModuleCache | undefined>;
  global[MODULE_CACHE_KEY] ??= { share: {}, remote: {} };
  const cache = global[MODULE_CACHE_KEY];
  const scope: ShareScope = {};
  for (const [name, module] of Object.entries(modules)) {
    cache.share[`default:${name}`] = module;
    cache.share[name] = module;
    scope[name] = { [HOST_VERSION]: { get: () => () => module } };
  }
  for (const [entry, load] of Object.entries(loaders) as [UiEntry, () => Promise<object>][]) {
    const get = async () => {
      const module = await load();
      return () => module;
    };
    scope[uiEntry(entry)] = { [HOST_VERSION]: { get } };
  }
  return scope;
}

/** `import()` of a container's URL, kept out of the bundler's sight: it is only known at run time. */
const importContainer = (url: string) => import(/* @vite-ignore */ url) as Promise<RemoteContainer>;

/**
 * Loads each remote's container once, initialised with `scope`, and returns a module it exposes. A container that
 * failed to load is tried again on the next call.
 */
export function remoteLoader(scope: ShareScope, load: (url: string) => Promise<RemoteContainer> = importContainer) {
  const containers = new Map<string, Promise<RemoteContainer>>();
  return async function loadExposed(url: string, expose: string): Promise<unknown> {
    let ready = containers.get(url);
    if (!ready) {
      ready = load(url).then(async (container) => {
        await container.init(scope);
        return container;
      });
      containers.set(url, ready);
      ready.catch(() => containers.delete(url));
    }
    const factory = await (await ready).get(expose);
    return factory();
  };
}
