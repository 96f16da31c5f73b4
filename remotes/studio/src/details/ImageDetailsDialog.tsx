import { useT } from '@app/i18n';
import { Badge, type uiEntryLoaders } from '@app/ui';
import { useRef } from 'react';
import { AddToBoardButton, RemoveFromBoardButton } from '../boards/BoardButtons.tsx';
import { ShareControls } from '../share/ShareControls.tsx';
import { FavouriteButton } from '../tasks/FavouriteButton.tsx';
import { QUALITY_LABELS, qualityOf } from '../tasks/taskLabels.ts';
import type { ImageTask } from '../tasks/types.ts';
import { DeleteTaskButton } from './DeleteTaskButton.tsx';
import { type DetailsActionHandlers, DetailsActions } from './DetailsActions.tsx';
import { DetailsImage } from './DetailsImage.tsx';
import { InputImages } from './InputImages.tsx';
import { RunAgainButton } from './RunAgainButton.tsx';
import { TaskFacts } from './TaskFacts.tsx';
import { failureText, TaskReceipt } from './TaskReceipt.tsx';
import './details.css';

/** The kit's dialog widgets, loaded by LazyImageDetailsDialog alongside this module. */
export type DialogKit = Awaited<ReturnType<typeof uiEntryLoaders.dialog>>;

interface ImageDetailsDialogProps extends DetailsActionHandlers {
  kit: DialogKit;
  /** The task to show; null closes the dialog. */
  task: ImageTask | null;
  onClose: () => void;
  /** On a board's page: that board, so the image can be taken off it. */
  boardId?: string;
}

/** 'Image Details', shared by /generate and /my-creations; the pages pass their own Recreate and Upscale. */
export function ImageDetailsDialog({ kit, task, onClose, onRecreate, onUpscale, boardId }: ImageDetailsDialogProps) {
  const { Dialog, Modal } = kit;
  const t = useT();
  // Keep showing the last task while the dialog animates out.
  const last = useRef(task);
  if (task) last.current = task;
  const shown = task ?? last.current;
  return (
    <Modal isOpen={task !== null} onOpenChange={(open) => !open && onClose()} isDismissable size="lg" className="studio-details-modal">
      {shown && (
        <Dialog title={t('studio.detailsTitle')} className="studio-details" data-task-id={shown.taskId}>
          <div className="studio-details-layout">
            <DetailsImage task={shown} />
            <div className="studio-details-side">
              <div className="studio-details-badges">
                <Badge variant={qualityOf(shown) === 'standard' ? 'neutral' : 'accent'} data-quality={qualityOf(shown)}>
                  {t(QUALITY_LABELS[qualityOf(shown)])}
                </Badge>
                <FavouriteButton task={shown} label={t('studio.favourite')} />
              </div>
              {shown.status === 'completed' && <DetailsActions task={shown} onRecreate={onRecreate} onUpscale={onUpscale} />}
              {(shown.status === 'completed' || shown.status === 'failed') && (
                <div className="studio-details-actions">
                  <RunAgainButton task={shown} onStarted={onClose} />
                  <DeleteTaskButton task={shown} kit={kit} onDeleted={onClose} />
                </div>
              )}
              <div className="studio-details-actions">
                <AddToBoardButton task={shown} />
                {boardId && <RemoveFromBoardButton task={shown} boardId={boardId} onRemoved={onClose} />}
              </div>
              {shown.status === 'completed' && <ShareControls key={shown.taskId} target={{ kind: 'image', taskId: shown.taskId }} />}
              <section className="studio-details-section">
                <h3>{t('studio.promptHeading')}</h3>
                <p className="studio-details-prompt">{shown.prompt}</p>
              </section>
              <InputImages urls={shown.inputImageUrls} />
              <TaskFacts task={shown} />
              <TaskReceipt task={shown} />
              {shown.errorMessage && (
                <section className="studio-details-error" role="alert">
                  <h3>{t('studio.errorHeading')}</h3>
                  <p>{failureText(shown, t)}</p>
                  {shown.refunded && <Badge variant="success">{t('studio.refunded')}</Badge>}
                </section>
              )}
            </div>
          </div>
        </Dialog>
      )}
    </Modal>
  );
}
