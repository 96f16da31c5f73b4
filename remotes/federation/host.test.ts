import { describe, expect, it, vi } from 'vitest';
import { container } from './container.ts';
import { provideShares, type RemoteContainer, remoteLoader } from './host.ts';
import { MODULE_CACHE_KEY } from './shared-names.ts';

const moduleCache = () => (globalThis as unknown as Record<string, { share: Record<string, unknown> }>)[MODULE_CACHE_KEY]!;

const singletons = () => ({
  react: { useState: () => undefined },
  'react-dom': { createPortal: () => undefined },
  swr: { default: () => undefined },
  '@app/api-client': { request: () => undefined },
  '@app/ui': { toast: () => undefined },
  '@app/i18n': { useT: () => undefined },
});
const uiLoaders = (tabs: object) => ({
  dialog: async () => ({ Dialog: 'dialog' }),
  'number-field': async () => ({ NumberField: 'number field' }),
  select: async () => ({ Select: 'select' }),
  table: async () => ({ Table: 'table' }),
  tabs: vi.fn(async () => tabs),
});

let run = 0;
/** A remote's container (./container.ts) with fresh global names, as each remote build has its own init key. */
function remote(exposes: Record<string, () => Promise<unknown>>) {
  run += 1;
  const options = { initKey: `__host_test_init_${run}__`, cacheKey: MODULE_CACHE_KEY };
  const state = () => (globalThis as unknown as Record<string, { loadLazyShares(names: string[]): Promise<void> }>)[options.initKey]!;
  return { container: container(options, exposes), state };
}

describe('host side of the container protocol', () => {
  it('puts the modules the host runs in the module cache, where the remotes read them', () => {
    const modules = singletons();
    provideShares(modules, uiLoaders({}));
    expect(moduleCache().share['default:react']).toBe(modules.react);
    expect(moduleCache().share['@app/ui']).toBe(modules['@app/ui']);
  });

  it("hands a remote the host's UI widget when one of its modules first asks, loading it once", async () => {
    const tabs = { Tabs: 'host tabs' };
    const loaders = uiLoaders(tabs);
    const scope = provideShares(singletons(), loaders);
    const { container: studio, state } = remote({ './routes': async () => ({ default: 'studio routes' }) });
    const load = remoteLoader(scope, async () => studio);

    expect(await load('https://cdn.example/studio/remoteEntry.js', './routes')).toEqual({ default: 'studio routes' });
    expect(loaders.tabs).not.toHaveBeenCalled();
    await state().loadLazyShares(['@app/ui/tabs']);
    await state().loadLazyShares(['@app/ui/tabs']);

    expect(moduleCache().share['default:@app/ui/tabs']).toBe(tabs);
    expect(loaders.tabs).toHaveBeenCalledTimes(1);
  });

  it('loads and inits each container once, however many times its modules are asked for', async () => {
    const scope = provideShares(singletons(), uiLoaders({}));
    const init = vi.fn(async () => undefined);
    const get = vi.fn(async () => () => ({ default: 'routes' }));
    const importer = vi.fn(async (): Promise<RemoteContainer> => ({ init, get }));
    const load = remoteLoader(scope, importer);

    await Promise.all([load('/remotes/billing/remoteEntry.js', './routes'), load('/remotes/billing/remoteEntry.js', './routes')]);

    expect(importer).toHaveBeenCalledTimes(1);
    expect(init).toHaveBeenCalledTimes(1);
    expect(init).toHaveBeenCalledWith(scope);
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('tries a container that failed to load again on the next call', async () => {
    const scope = provideShares(singletons(), uiLoaders({}));
    const importer = vi
      .fn<() => Promise<RemoteContainer>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ init: async () => undefined, get: async () => () => 'routes' });
    const load = remoteLoader(scope, importer);

    await expect(load('/remotes/admin/remoteEntry.js', './routes')).rejects.toThrow('offline');
    expect(await load('/remotes/admin/remoteEntry.js', './routes')).toBe('routes');
  });
});
