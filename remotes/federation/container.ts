/**
 * A remote's container (its remoteEntry.js exports `init` and `get`), for remotes that share every module
 * consume-only and run inside our host. Built into each remote by `remoteEntry()` (./remote-entry.ts), in place
 * of @module-federation/vite's generated entry, whose ~20 KB of init code (its own federation instance, version
 * negotiation, interop with webpack hosts) decide nothing here: the host provides every shared module.
 *
 * What stays the plugin's: the remote's share wrappers (each module that imports a shared package reads it from
 * the page's module cache once the remote's init has ended, and asks `loadLazyShares` for one the cache lacks)
 * and the exposes map (an exposed module's CSS, then its code). This file is the other side of that contract.
 */

/** One version of a shared package in the host's share scope: `get()` resolves to a factory of the module. */
export interface SharedProvider {
  get(): (() => unknown) | Promise<() => unknown>;
}
export type ShareScope = Record<string, Record<string, SharedProvider> | undefined>;

/** The global that the remote's share wrappers wait on: resolved when init has ended. */
interface InitState {
  initPromise: Promise<void>;
  initResolve: () => void;
  initReject: (error: unknown) => void;
  loadLazyShares?: (names: string[]) => Promise<void>;
}
/** The page's module cache: each shared module as `default:<name>` and `<name>`. */
export interface ModuleCache {
  share: Record<string, unknown>;
  remote: Record<string, unknown>;
  pendingShareLoads?: Promise<unknown>[];
}

export interface ContainerOptions {
  /** The global key of the remote's init state, as its share wrappers read it. */
  initKey: string;
  /** The global key of the module cache. */
  cacheKey: string;
}

type Exposes = Record<string, () => Promise<unknown>>;

const newInitState = (): InitState => {
  let initResolve: InitState['initResolve'] = () => undefined;
  let initReject: InitState['initReject'] = () => undefined;
  const initPromise = new Promise<void>((resolve, reject) => {
    initResolve = resolve;
    initReject = reject;
  });
  return { initPromise, initResolve, initReject };
};

export function container({ initKey, cacheKey }: ContainerOptions, exposes: Exposes) {
  // The wrappers create these globals too, whichever module of the remote runs first.
  const global = globalThis as unknown as Record<string, InitState | ModuleCache | undefined>;
  global[initKey] ??= newInitState();
  global[cacheKey] ??= { share: {}, remote: {} };
  const state = global[initKey] as InitState;
  const cache = global[cacheKey] as ModuleCache;
  cache.share ??= {};
  cache.remote ??= {};
  let hostScope: ShareScope = {};

  // A module the host has not loaded yet (a UI kit widget) is fetched when the first module that imports it runs:
  // the host's own file, through the host's share scope.
  state.loadLazyShares = async (names) => {
    await Promise.all(
      names.map(async (name) => {
        if (cache.share[`default:${name}`] !== undefined) return;
        const provider = Object.values(hostScope[name] ?? {})[0];
        if (!provider) throw new Error(`[Module Federation] Shared module ${name} must be provided by host`);
        const factory = await provider.get();
        const module = factory();
        cache.share[`default:${name}`] = module;
        cache.share[name] = module;
      }),
    );
  };

  return {
    /** Called once by the host (./host.ts) with its share scope, before any `get`. */
    async init(shareScope: ShareScope) {
      hostScope = shareScope;
      state.initResolve();
    },
    /** The exposed module's factory, once the shared modules its imports waited for are in. */
    async get(expose: string) {
      const load = exposes[expose];
      if (!load) throw new Error(`[Module Federation] Module ${expose} does not exist in container.`);
      const module = await load();
      await Promise.all(cache.pendingShareLoads ?? []);
      return () => module;
    },
  };
}
