import { useMutation } from '@app/api-client';
import { useT, WithMessages } from '@app/i18n';
import { Button, toast, type uiEntryLoaders } from '@app/ui';
import { Suspense, useState } from 'react';
import type { ImageTask } from '../tasks/types.ts';

/** The kit's dialog widgets, as Image Details has them. */
type DialogKit = Pick<Awaited<ReturnType<typeof uiEntryLoaders.dialog>>, 'Dialog' | 'Modal'>;

interface DeleteTaskButtonProps {
  task: ImageTask;
  kit: DialogKit;
  onDeleted: () => void;
}

/** Delete in Image Details, shown once its words (fetched with selection mode's) are there. */
export function DeleteTaskButton(props: DeleteTaskButtonProps) {
  return (
    <Suspense fallback={null}>
      <WithMessages domains={['studioBulk']}>
        <DeleteWithConfirm {...props} />
      </WithMessages>
    </Suspense>
  );
}

/** Asks first, then removes the task and its files; the lists re-read and the dialog closes. */
function DeleteWithConfirm({ task, kit: { Dialog, Modal }, onDeleted }: DeleteTaskButtonProps) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation('delete', '/api/image-tasks/{taskId}', {
    failure: t('studioBulk.deleteFailed'),
    fallback: t('studio.genericError'),
    invalidates: ['/api/image-tasks', '/api/user/stats'],
  });
  async function confirm() {
    const done = await remove.trigger({ params: { path: { taskId: task.taskId } } });
    setConfirming(false);
    if (!done) return;
    toast({ title: t('studioBulk.deletedImages', { count: 1 }), variant: 'success' });
    onDeleted();
  }
  return (
    <>
      <Button variant="danger" onPress={() => setConfirming(true)}>
        {t('studioBulk.delete')}
      </Button>
      <Modal isOpen={confirming} onOpenChange={(open) => !remove.pending && setConfirming(open)} size="sm" isDismissable={!remove.pending}>
        <Dialog title={t('studioBulk.deleteImageTitle')} role="alertdialog">
          <p>{t('studioBulk.deleteImageBody')}</p>
          <div className="ui-Dialog-actions">
            <Button variant="secondary" onPress={() => setConfirming(false)} isDisabled={remove.pending}>
              {t('studioBulk.cancel')}
            </Button>
            <Button variant="danger" onPress={() => void confirm()} isPending={remove.pending}>
              {t('studioBulk.delete')}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </>
  );
}
