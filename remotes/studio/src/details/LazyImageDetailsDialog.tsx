import { lazy, Suspense, useState } from 'react';
import type { ImageTask } from '../tasks/types.ts';
import type { DetailsActionHandlers } from './DetailsActions.tsx';

// The dialog (and the kit's dialog widget under it) downloads when a first image is opened, not with the page.
const ImageDetailsDialog = lazy(() => import('./ImageDetailsDialog.tsx').then((m) => ({ default: m.ImageDetailsDialog })));

interface LazyImageDetailsDialogProps extends DetailsActionHandlers {
  task: ImageTask | null;
  onClose: () => void;
}

/** 'Image Details', mounted from the first opened task on (so it can still animate out after a close). */
export function LazyImageDetailsDialog(props: LazyImageDetailsDialogProps) {
  const [wanted, setWanted] = useState(false);
  if (props.task && !wanted) setWanted(true);
  if (!wanted && !props.task) return null;
  return (
    <Suspense fallback={null}>
      <ImageDetailsDialog {...props} />
    </Suspense>
  );
}
