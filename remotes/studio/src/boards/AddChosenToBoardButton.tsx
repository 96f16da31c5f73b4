// Selection mode's "Add to board" (loaded with the bar's first render): the boards dialog for the chosen images.
import { useT } from '@app/i18n';
import { Button } from '@app/ui';
import { useState } from 'react';
import type { ImageTask } from '../tasks/types.ts';
import { AddManyToBoardDialog } from './AddToBoardDialog.tsx';

export default function AddChosenToBoardButton({ tasks }: { tasks: ImageTask[] }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  // The dialog keeps the choice it was opened with: cards chosen meanwhile do not change what is being added.
  const [chosen, setChosen] = useState<ImageTask[]>([]);
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        isDisabled={tasks.length === 0}
        onPress={() => {
          setChosen(tasks);
          setOpen(true);
        }}
      >
        {t('studioBulk.addToBoard')}
      </Button>
      {chosen.length > 0 && <AddManyToBoardDialog tasks={chosen} isOpen={open} onClose={() => setOpen(false)} />}
    </>
  );
}
