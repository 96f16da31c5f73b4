import { useT } from '@app/i18n';
import { Spinner } from '@app/ui';
import { aspectLayout, isInProgress, truncate } from '../tasks/taskLabels.ts';
import type { ImageTask } from '../tasks/types.ts';

/** The result in its aspect ratio (1:1, 9:16, 16:9, else 3:4), or the task's state while there is none. */
export function DetailsImage({ task }: { task: ImageTask }) {
  const t = useT();
  const src = task.status === 'completed' ? task.resultUrls[0] : undefined;
  return (
    <div
      className="studio-details-image"
      style={src ? { aspectRatio: aspectLayout(task.aspectRatio) } : undefined}
      data-aspect={task.aspectRatio}
      data-empty={src ? undefined : true}
    >
      {src ? (
        <img src={src} alt={t('studio.resultAlt', { prompt: truncate(task.prompt, 60) })} />
      ) : isInProgress(task.status) ? (
        <div className="studio-details-state">
          <Spinner size="lg" />
          <span>{t('studio.previewGenerating')}</span>
        </div>
      ) : (
        <div className="studio-details-state">
          <span>{task.status === 'failed' ? t('studio.previewFailed') : t('studio.previewProcessing')}</span>
        </div>
      )}
    </div>
  );
}
