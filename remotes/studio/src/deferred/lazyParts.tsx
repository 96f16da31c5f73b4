import { loadOnce } from '@app/ui/load-once';
import { type ComponentProps, type ComponentType, lazy } from 'react';

type Parts = typeof import('./parts.ts');

/** The deferred parts (see parts.ts), fetched once; a failed download may be tried again by the next part that needs it. */
export const loadParts = loadOnce(() => import('./parts.ts'));

function lazyPart<K extends 'ReferenceImages' | 'UpscalePanel' | 'TaskGrid'>(name: K) {
  return lazy(() => loadParts().then((parts) => ({ default: parts[name] as ComponentType<ComponentProps<Parts[K]>> })));
}

export const LazyReferenceImages = lazyPart('ReferenceImages');
export const LazyUpscalePanel = lazyPart('UpscalePanel');
export const LazyTaskGrid = lazyPart('TaskGrid');
