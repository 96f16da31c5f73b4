import { useT } from '@app/i18n';
import { Button, type uiEntryLoaders } from '@app/ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { ImageTask } from '../../tasks/types.ts';
import type { Selection } from './types.ts';
import { useBulkActions } from './useBulkActions.ts';
import './selection.css';

export type DialogKit = Pick<Awaited<ReturnType<typeof uiEntryLoaders.dialog>>, 'Dialog' | 'Modal'>;

export interface BulkActionBarProps {
  selection: Selection;
  tasks: ImageTask[];
  /** More actions on the chosen tasks (e.g. add to a board), shown before Delete. */
  extraActions?: (chosen: ImageTask[]) => ReactNode;
}

/**
 * The bar of selection mode, fixed to the bottom of the screen (it wraps on phones): how many are chosen, choose every
 * loaded card, Download ZIP (completed ones), Delete (after a confirmation), Done.
 */
export function BulkActionBar({ kit: { Dialog, Modal }, selection, tasks, extraActions }: BulkActionBarProps & { kit: DialogKit }) {
  const t = useT();
  const actions = useBulkActions();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  // Select went away as the bar came: its focus moves to the bar's first button instead of the top of the page.
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body)
      bar.current?.querySelector('button')?.focus({ preventScroll: true });
  }, []);
  const chosen = tasks.filter((task) => selection.ids.has(task.taskId));
  const completed = chosen.filter((task) => task.status === 'completed');

  async function remove() {
    setDeleting(true);
    const done = await actions.remove(chosen.map((task) => task.taskId));
    setDeleting(false);
    setConfirming(false);
    if (done) selection.clear();
  }

  return (
    <div ref={bar} className="studio-bulk-bar" role="toolbar" aria-label={t('studioBulk.selectionActions')} data-testid="bulk-bar">
      <p className="studio-bulk-count" aria-live="polite">
        {t('studioBulk.selectedCount', { count: chosen.length })}
      </p>
      <div className="studio-bulk-actions">
        <Button variant="secondary" size="sm" onPress={selection.selectAll}>
          {t('studioBulk.selectAllLoaded')}
        </Button>
        <Button
          size="sm"
          isDisabled={completed.length === 0}
          isPending={actions.downloading}
          onPress={() => void actions.download(completed.map((task) => task.taskId))}
        >
          {t('studioBulk.downloadZip')}
        </Button>
        {extraActions?.(chosen)}
        <Button variant="danger" size="sm" isDisabled={chosen.length === 0} onPress={() => setConfirming(true)}>
          {t('studioBulk.delete')}
        </Button>
        <Button variant="secondary" size="sm" onPress={selection.stop}>
          {t('studioBulk.doneSelecting')}
        </Button>
      </div>
      <Modal isOpen={confirming} onOpenChange={(open) => !deleting && setConfirming(open)} size="sm" isDismissable={!deleting}>
        <Dialog title={t('studioBulk.deleteImagesTitle', { count: chosen.length })} role="alertdialog">
          <p>{t('studioBulk.deleteImagesBody', { count: chosen.length })}</p>
          <div className="ui-Dialog-actions">
            <Button variant="secondary" onPress={() => setConfirming(false)} isDisabled={deleting}>
              {t('studioBulk.cancel')}
            </Button>
            <Button variant="danger" onPress={() => void remove()} isPending={deleting}>
              {t('studioBulk.delete')}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </div>
  );
}
