// Mounted on the first press of "Add to board"; its words (the `boards` messages) are fetched then. One image: its
// boards as checkboxes. Several (selection mode): one board to choose, then one confirm.
import { useMutation, useQuery } from '@app/api-client';
import { BOARD_LIMITS } from '@app/contract/constants';
import { useT, WithMessages } from '@app/i18n';
import { Button, Checkbox, Form, Radio, RadioGroup, Spinner, TextField, toast } from '@app/ui';
import { Dialog, Modal } from '@app/ui/dialog';
import { type ReactNode, Suspense, useRef, useState } from 'react';
import type { ImageTask } from '../tasks/types.ts';
import { inCalls } from './inCalls.ts';
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
  // What was asked for, shown until the re-read answers agree.
  const [wanted, setWanted] = useState<Record<string, boolean>>({});
  const on = new Set(onBoards.data?.boardIds ?? []);
  const isOn = (id: string) => wanted[id] ?? on.has(id);

  async function toggle(boardId: string, value: boolean) {
    setWanted((current) => ({ ...current, [boardId]: value }));
    const done = await membership.set(boardId, task.taskId, value);
    await onBoards.mutate();
    setWanted(({ [boardId]: _, ...rest }) => rest);
    return done;
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
      <NewBoardForm onCreated={(boardId) => toggle(boardId, true)} />
    </>
  );
}

/** A new board's name; `onCreated` gets the made board (to add to it at once). */
function NewBoardForm({ onCreated }: { onCreated: (boardId: string, name: string) => unknown }) {
  const t = useT();
  const { create } = useBoardMutations();
  const [name, setName] = useState('');

  async function createAndAdd() {
    const created = await create.trigger({ body: { name: name.trim() } });
    if (!created) return;
    setName('');
    await onCreated(created.data.id, created.data.name);
  }

  return (
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
        validate={(value) => (value.trim().length > BOARD_LIMITS.nameMax ? t('boards.nameTooLong') : null)}
        validationBehavior="aria"
        maxLength={80}
      />
      <Button type="submit" variant="secondary" isPending={create.pending} isDisabled={!name.trim()}>
        {t('boards.createAndAdd')}
      </Button>
    </Form>
  );
}

/** "Add to board" over the Image Details dialog. */
export function AddToBoardDialog({ task, isOpen, onClose }: AddToBoardDialogProps) {
  return (
    <BoardsModal isOpen={isOpen} onClose={onClose}>
      <AddToBoardContent task={task} onClose={onClose} />
    </BoardsModal>
  );
}

/** "Add to board" for the images chosen in selection mode (see `AddManyContent`). */
export function AddManyToBoardDialog({ tasks, isOpen, onClose }: { tasks: ImageTask[]; isOpen: boolean; onClose: () => void }) {
  return (
    <BoardsModal isOpen={isOpen} onClose={onClose}>
      <AddManyContent tasks={tasks} onClose={onClose} />
    </BoardsModal>
  );
}

function BoardsModal({ isOpen, onClose, children }: { isOpen: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => !open && onClose()} isDismissable size="sm">
      <Suspense fallback={<Spinner />}>
        <WithMessages domains={['boards']}>{children}</WithMessages>
      </Suspense>
    </Modal>
  );
}

/**
 * One board (or a new one) for all the chosen images, then Add. More than the API takes in one call go in turns; a
 * second press while they go sends nothing (one add per confirm). Adding an image already there is no error.
 */
function AddManyContent({ tasks, onClose }: { tasks: ImageTask[]; onClose: () => void }) {
  const t = useT();
  const boards = useQuery('/api/boards');
  const add = useMutation('post', '/api/boards/{boardId}/images', {
    failure: t('boards.membershipFailed'),
    fallback: t('boards.genericError'),
    invalidates: ['/api/boards', '/api/image-tasks'],
    idempotent: true,
  });
  const [boardId, setBoardId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const sending = useRef(false);
  const count = tasks.length;

  async function addAll(target: string, targetName?: string) {
    if (sending.current || count === 0) return;
    sending.current = true;
    setAdding(true);
    let added = 0;
    for (const taskIds of inCalls(tasks.map((task) => task.taskId))) {
      if (!(await add.trigger({ params: { path: { boardId: target } }, body: { taskIds } }))) break;
      added += taskIds.length;
    }
    sending.current = false;
    setAdding(false);
    const name = targetName ?? boards.data?.boards.find((board) => board.id === target)?.name ?? '';
    if (added > 0) void toast({ title: t('boards.addedMany', { count: added, name }), variant: 'success' });
    if (added === count) onClose();
  }

  return (
    <Dialog title={t('boards.dialogTitleMany', { count })} className="studio-add-to-board">
      {!boards.data ? (
        boards.error ? (
          <p className="ui-muted">{t('boards.loadError')}</p>
        ) : (
          <Spinner />
        )
      ) : boards.data.boards.length === 0 ? (
        <p className="ui-muted">{t('boards.noBoardsYet')}</p>
      ) : (
        <RadioGroup label={t('boards.chooseBoard')} value={boardId} onChange={setBoardId} className="studio-board-choices">
          {boards.data.boards.map((board) => (
            <Radio key={board.id} value={board.id}>
              {board.name}
            </Radio>
          ))}
        </RadioGroup>
      )}
      <NewBoardForm onCreated={(created, name) => addAll(created, name)} />
      <div className="ui-Dialog-actions">
        <Button variant="secondary" onPress={onClose} isDisabled={adding}>
          {t('boards.cancel')}
        </Button>
        <Button isDisabled={!boardId || count === 0} isPending={adding} onPress={() => boardId && void addAll(boardId)}>
          {t('boards.addImages', { count })}
        </Button>
      </div>
    </Dialog>
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
