import { type ComponentProps, type ComponentType, lazy } from 'react';

type Parts = typeof import('./parts.ts');

let loading: Promise<Parts> | undefined;

/** The deferred parts (see parts.ts), fetched once; calling it again answers the same download. */
export function loadParts(): Promise<Parts> {
  loading ??= import('./parts.ts').catch((error: unknown) => {
    // A failed download (offline) may be tried again by the next part that needs it.
    loading = undefined;
    throw error;
  });
  return loading;
}

function lazyPart<K extends 'ReferenceImages' | 'UpscalePanel' | 'TaskGrid'>(name: K) {
  return lazy(() => loadParts().then((parts) => ({ default: parts[name] as ComponentType<ComponentProps<Parts[K]>> })));
}

export const LazyReferenceImages = lazyPart('ReferenceImages');
export const LazyUpscalePanel = lazyPart('UpscalePanel');
export const LazyTaskGrid = lazyPart('TaskGrid');
