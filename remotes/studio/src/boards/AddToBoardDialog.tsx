// Mounted on the first press of "Add to board"; its words (the `boards` messages) are fetched then.
import { useQuery } from '@app/api-client';
import { useT, WithMessages } from '@app/i18n';
import { Button, Checkbox, Form, Spinner, TextField } from '@app/ui';
import { Dialog, Modal } from '@app/ui/dialog';
import { Suspense, useState } from 'react';
import type { ImageTask } from '../tasks/types.ts';
import { useBoardMembership, useBoardMutations } from './useBoardMutations.ts';
import './boards.css';

interface AddToBoardDialogProps {
  task: ImageTask;
  isOpen: boolean;
  onClose: () => void;
}

/** The boards as checkboxes (ticked: the image is on it), and a new board made and filled in one step. */
function BoardChoices({ task }: { task: ImageTask }) {
  const t = useT();
  const boards = useQuery('/api/boards');
  const onBoards = useQuery('/api/image-tasks/{taskId}/boards', { params: { path: { taskId: task.taskId } } });
  const membership = useBoardMembership(t('boards.membershipFailed'));
  const { create } = useBoardMutations();
  // What was asked for, shown until the re-read answers agree.
  const [wanted, setWanted] = useState<Record<string, boolean>>({});
  const [name, setName] = useState('');
  const on = new Set(onBoards.data?.boardIds ?? []);
  const isOn = (id: string) => wanted[id] ?? on.has(id);

  async function toggle(boardId: string, value: boolean) {
    setWanted((current) => ({ ...current, [boardId]: value }));
    const done = await membership.set(boardId, task.taskId, value);
    await onBoards.mutate();
    setWanted(({ [boardId]: _, ...rest }) => rest);
    return done;
  }

  async function createAndAdd() {
    const created = await create.trigger({ body: { name: name.trim() } });
    if (!created) return;
    setName('');
    await toggle(created.data.id, true);
  }

  if (!boards.data || !onBoards.data) {
    return boards.error || onBoards.error ? <p className="ui-muted">{t('boards.loadError')}</p> : <Spinner />;
  }
  return (
    <>
      {boards.data.boards.length === 0 ? (
        <p className="ui-muted">{t('boards.noBoardsYet')}</p>
      ) : (
        <fieldset className="studio-board-choices">
          <legend>{t('boards.dialogHint')}</legend>
          {boards.data.boards.map((board) => (
            <Checkbox key={board.id} isSelected={isOn(board.id)} onChange={(value) => void toggle(board.id, value)}>
              {board.name}
            </Checkbox>
          ))}
        </fieldset>
      )}
      <Form
        className="studio-board-new"
        validationErrors={create.fieldErrors}
        onSubmit={(event) => {
          event.preventDefault();
          void createAndAdd();
        }}
      >
        <TextField
          name="name"
          label={t('boards.newBoardLabel')}
          placeholder={t('boards.namePlaceholder')}
          value={name}
          onChange={(value) => {
            setName(value);
            create.setFieldErrors({});
          }}
          validate={(value) => (value.trim().length > 60 ? t('boards.nameTooLong') : null)}
          validationBehavior="aria"
          maxLength={80}
        />
        <Button type="submit" variant="secondary" isPending={create.pending} isDisabled={!name.trim()}>
          {t('boards.createAndAdd')}
        </Button>
      </Form>
    </>
  );
}

/** "Add to board" over the Image Details dialog. */
export function AddToBoardDialog({ task, isOpen, onClose }: AddToBoardDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => !open && onClose()} isDismissable size="sm">
      <Suspense fallback={<Spinner />}>
        <WithMessages domains={['boards']}>
          <AddToBoardContent task={task} onClose={onClose} />
        </WithMessages>
      </Suspense>
    </Modal>
  );
}

function AddToBoardContent({ task, onClose }: { task: ImageTask; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog title={t('boards.dialogTitle')} className="studio-add-to-board">
      <BoardChoices task={task} />
      <div className="ui-Dialog-actions">
        <Button onPress={onClose}>{t('boards.done')}</Button>
      </div>
    </Dialog>
  );
}
