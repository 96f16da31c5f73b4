import { useT } from '@app/i18n';
import { TextField } from '@app/ui';
import { FormDialog, Modal } from '@app/ui/dialog';
import { useState } from 'react';
import { useBoardMutations } from './useBoardMutations.ts';

/** What the dialog does: create a board, or rename this one. */
export type NameDialogTarget = { kind: 'create' } | { kind: 'rename'; id: string; name: string };

/**
 * The name of a new board, or the new name of one: checked here for what needs no server (required, 60 characters),
 * and the server's answer (a name in use) shown beside the field. Closes once saved.
 */
export function BoardNameDialog({ target, onClose }: { target: NameDialogTarget | null; onClose: () => void }) {
  const t = useT();
  const { create, rename } = useBoardMutations();
  const [name, setName] = useState('');
  const [shownFor, setShownFor] = useState<NameDialogTarget | null>(null);
  // What is wrong with the name before anything is sent (required, at most 60 characters).
  const [nameError, setNameError] = useState<string | null>(null);
  // A newly opened dialog starts from the board's name (or empty).
  if (target !== shownFor) {
    setShownFor(target);
    if (target) setName(target.kind === 'rename' ? target.name : '');
    setNameError(null);
  }
  const mutation = target?.kind === 'rename' ? rename : create;
  async function save() {
    if (!target) return;
    const problem = validate(name);
    setNameError(problem);
    if (problem) return;
    const body = { name: name.trim() };
    const done =
      target.kind === 'rename' ? await rename.trigger({ params: { path: { boardId: target.id } }, body }) : await create.trigger({ body });
    if (done) onClose();
  }
  const validate = (value: string) => {
    if (!value.trim()) return t('boards.nameRequired');
    if (value.trim().length > 60) return t('boards.nameTooLong');
    return null;
  };
  return (
    <Modal isOpen={target !== null} onOpenChange={(open) => !open && onClose()} isDismissable={!mutation.pending} size="sm">
      <FormDialog
        title={target?.kind === 'rename' ? t('boards.renameTitle') : t('boards.createTitle')}
        submitLabel={target?.kind === 'rename' ? t('boards.save') : t('boards.create')}
        cancelLabel={t('boards.cancel')}
        pending={mutation.pending}
        validationErrors={nameError ? { name: nameError } : mutation.fieldErrors}
        onSubmit={save}
      >
        <TextField
          name="name"
          label={t('boards.nameLabel')}
          placeholder={t('boards.namePlaceholder')}
          value={name}
          onChange={(value) => {
            setName(value);
            setNameError(null);
            mutation.setFieldErrors({});
          }}
          autoFocus
          maxLength={80}
        />
      </FormDialog>
    </Modal>
  );
}
