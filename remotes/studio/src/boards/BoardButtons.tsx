// The details dialog's board actions; they download with the dialog, on the first image opened, and the Add to board
// dialog's words on its first press.
import { useMutation } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, toast } from '@app/ui';
import { useState } from 'react';
import type { ImageTask } from '../tasks/types.ts';
import { AddToBoardDialog } from './AddToBoardDialog.tsx';

/** "Add to board": opens the boards dialog for this image. */
export function AddToBoardButton({ task }: { task: ImageTask }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        onPress={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {t('studio.addToBoard')}
      </Button>
      {wanted && <AddToBoardDialog task={task} isOpen={open} onClose={() => setOpen(false)} />}
    </>
  );
}

/** "Remove from this board", on a board's page: takes the image off it (the image stays), then `onRemoved`. */
export function RemoveFromBoardButton({ task, boardId, onRemoved }: { task: ImageTask; boardId: string; onRemoved: () => void }) {
  const t = useT();
  const remove = useMutation('post', '/api/boards/{boardId}/images/remove', {
    failure: t('studio.genericError'),
    fallback: t('studio.genericError'),
    invalidates: ['/api/boards', '/api/image-tasks'],
    onSuccess: () => void toast({ title: t('studio.removeFromBoard'), variant: 'success' }),
  });
  return (
    <Button
      variant="secondary"
      isPending={remove.pending}
      onPress={async () => {
        if (await remove.trigger({ params: { path: { boardId } }, body: { taskIds: [task.taskId] } })) onRemoved();
      }}
    >
      {t('studio.removeFromBoard')}
    </Button>
  );
}
