import { uiEntryLoaders } from '@app/ui';
import { lazy, Suspense, useState } from 'react';
import { loadParts } from '../deferred/lazyParts.tsx';
import type { ImageTask } from '../tasks/types.ts';
import type { DetailsActionHandlers } from './DetailsActions.tsx';

interface LazyImageDetailsDialogProps extends DetailsActionHandlers {
  task: ImageTask | null;
  onClose: () => void;
  /** On a board's page: that board (the dialog offers to take the image off it). */
  boardId?: string;
}

// The dialog and the kit's dialog widget download together when a first image is opened, not with the page.
const ImageDetailsDialog = lazy(() =>
  Promise.all([loadParts(), uiEntryLoaders.dialog()]).then(([parts, kit]) => ({
    default: (props: LazyImageDetailsDialogProps) => <parts.ImageDetailsDialog kit={kit} {...props} />,
  })),
);

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
