import { describe, expect, it, vi } from 'vitest';
import { container } from './container.ts';

type Globals = Record<string, unknown>;
let run = 0;

/** Fresh global names per test, as each remote build has its own init key. */
function setUp(exposes: Record<string, () => Promise<unknown>> = {}) {
  run += 1;
  const options = { initKey: `__test_init_${run}__`, cacheKey: `__test_cache_${run}__` };
  const remote = container(options, exposes);
  const globals = globalThis as unknown as Globals;
  const state = globals[options.initKey] as { initPromise: Promise<void>; loadLazyShares: (names: string[]) => Promise<void> };
  const cache = globals[options.cacheKey] as { share: Record<string, unknown>; pendingShareLoads?: Promise<unknown>[] };
  return { remote, state, cache };
}

/** The host's share scope entry for one module: `get()` resolves to its factory. */
const provided = (module: unknown) => ({ '0.0.0': { get: vi.fn(async () => () => module) } });

describe('remote container', () => {
  it('ends the init the share wrappers wait for, and fetches a module the page lacks from the host', async () => {
    const { remote, state, cache } = setUp();
    const tabs = { Tabs: 'host tabs' };
    const scope = { '@app/ui/tabs': provided(tabs) };
    let ended = false;
    void state.initPromise.then(() => {
      ended = true;
    });

    await remote.init(scope);
    await state.initPromise;
    expect(ended).toBe(true);

    await state.loadLazyShares(['@app/ui/tabs']);
    expect(cache.share['default:@app/ui/tabs']).toBe(tabs);
    expect(cache.share['@app/ui/tabs']).toBe(tabs);
  });

  it('leaves a module the host already put in the page alone', async () => {
    const { remote, state, cache } = setUp();
    const react = { useState: () => undefined };
    cache.share['default:react'] = react;
    const scope = { react: provided({ other: true }) };

    await remote.init(scope);
    await state.loadLazyShares(['react']);

    expect(cache.share['default:react']).toBe(react);
    expect(scope.react['0.0.0'].get).not.toHaveBeenCalled();
  });

  it('fails a module the host does not share, naming it', async () => {
    const { remote, state } = setUp();
    await remote.init({});
    await expect(state.loadLazyShares(['@app/ui/table'])).rejects.toThrow('@app/ui/table');
  });

  it('hands out an exposed module once the shared modules its imports asked for are in', async () => {
    let shareLoaded = false;
    const routes = { default: 'routes' };
    const { remote, cache } = setUp({
      './routes': async () => {
        // A share wrapper in the module's chunks that found the cache empty.
        const pending = new Promise<void>((resolve) => setTimeout(resolve, 5)).then(() => {
          shareLoaded = true;
        });
        cache.pendingShareLoads = [...(cache.pendingShareLoads ?? []), pending];
        return routes;
      },
    });
    await remote.init({});

    const factory = await remote.get('./routes');

    expect(shareLoaded).toBe(true);
    expect(factory()).toBe(routes);
  });

  it('refuses a module it does not expose', async () => {
    const { remote } = setUp({ './routes': async () => ({}) });
    await remote.init({});
    await expect(remote.get('./admin')).rejects.toThrow('./admin');
  });
});
