import { lazy, Suspense } from 'react';
import type { SelectionModeProps } from './SelectionMode.tsx';

// The selection logic, the bar, its dialog and its words download when selection mode starts, not with the page.
const SelectionMode = lazy(() => import('./SelectionMode.tsx'));

/** Selection mode on /my-creations; the plain grid stays on screen while its code arrives. */
export function LazySelectionMode(props: SelectionModeProps) {
  return (
    <Suspense fallback={props.grid()}>
      <SelectionMode {...props} />
    </Suspense>
  );
}
