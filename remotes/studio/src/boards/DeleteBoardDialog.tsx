import { useT } from '@app/i18n';
import { Button } from '@app/ui';
import { Dialog, Modal } from '@app/ui/dialog';
import { useBoardMutations } from './useBoardMutations.ts';

/** Asks before deleting a board (its images stay); closes once done, then `onDeleted`. */
export function DeleteBoardDialog({
  board,
  onClose,
  onDeleted,
}: {
  board: { id: string; name: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const t = useT();
  const { remove } = useBoardMutations();
  async function confirm() {
    if (!board) return;
    const done = await remove.trigger({ params: { path: { boardId: board.id } } });
    onClose();
    if (done) onDeleted?.();
  }
  return (
    <Modal isOpen={board !== null} onOpenChange={(open) => !open && onClose()} isDismissable={!remove.pending} size="sm">
      <Dialog title={t('boards.deleteTitle')} role="alertdialog">
        <p className="studio-boards-confirm">{t('boards.deleteMessage', { name: board?.name ?? '' })}</p>
        <div className="ui-Dialog-actions">
          <Button variant="secondary" onPress={onClose} isDisabled={remove.pending}>
            {t('boards.cancel')}
          </Button>
          <Button variant="danger" onPress={() => void confirm()} isPending={remove.pending}>
            {t('boards.delete')}
          </Button>
        </div>
      </Dialog>
    </Modal>
  );
}
