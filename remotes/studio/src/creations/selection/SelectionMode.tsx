import { WithMessages } from '@app/i18n';
import { Dialog, Modal } from '@app/ui/dialog';
import type { ReactNode } from 'react';
import type { ImageTask } from '../../tasks/types.ts';
import { BulkActionBar, type BulkActionBarProps } from './BulkActionBar.tsx';
import type { Selection } from './types.ts';
import { useSelection } from './useSelection.ts';

export interface SelectionModeProps {
  tasks: ImageTask[];
  /** The page's grid, drawn with the selection (or without, while this module loads). */
  grid: (selection?: Selection) => ReactNode;
  onDone: () => void;
  extraActions?: BulkActionBarProps['extraActions'];
}

/** Selection mode, once its words are loaded (selection mode's messages are a domain of their own). */
export default function SelectionMode(props: SelectionModeProps) {
  return (
    <WithMessages domains={['studioBulk']}>
      <Choosing {...props} />
    </WithMessages>
  );
}

/** The choice, the grid drawn with it, and the action bar under it. */
function Choosing({ tasks, grid, onDone, extraActions }: SelectionModeProps) {
  const selection = useSelection(tasks, onDone);
  return (
    <>
      {grid(selection)}
      <BulkActionBar kit={{ Dialog, Modal }} selection={selection} tasks={tasks} extraActions={extraActions} />
    </>
  );
}
