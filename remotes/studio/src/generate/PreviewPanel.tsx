import { useT } from '@app/i18n';
import { Card, Spinner, UnstyledButton } from '@app/ui';
import { isInProgress, truncate } from '../tasks/taskLabels.ts';
import type { ImageTask } from '../tasks/types.ts';

/**
 * The newest task of the last 7 days: its first result when completed, a spinner with the
 * prompt's first 50 characters while in progress, the failure, or the empty placeholder.
 */
export function PreviewPanel({ task, onOpen }: { task: ImageTask | undefined; onOpen: (task: ImageTask) => void }) {
  const t = useT();
  return (
    <Card className="studio-preview" data-testid="preview" data-status={task?.status ?? 'none'}>
      <h2 className="studio-card-title">{t('studio.previewTitle')}</h2>
      <div className="studio-preview-frame">
        <PreviewContent task={task} onOpen={onOpen} />
      </div>
    </Card>
  );
}

function PreviewContent({ task, onOpen }: { task: ImageTask | undefined; onOpen: (task: ImageTask) => void }) {
  const t = useT();
  if (!task) {
    return (
      <div className="studio-preview-state">
        <svg className="studio-preview-icon" viewBox="0 0 24 24" aria-hidden="true">
          <rect x="3" y="3" width="18" height="18" rx="3" />
          <path d="m3 16 5-5 4 4 3-3 6 6" />
          <circle cx="8.5" cy="8.5" r="1.5" />
        </svg>
        <p>{t('studio.previewEmpty')}</p>
      </div>
    );
  }
  const image = task.resultUrls[0];
  if (task.status === 'completed' && image) {
    return (
      <UnstyledButton
        className="studio-preview-image"
        aria-label={t('studio.openDetails', { prompt: truncate(task.prompt, 60) })}
        onPress={() => onOpen(task)}
      >
        <img src={image} alt={t('studio.resultAlt', { prompt: truncate(task.prompt, 60) })} />
      </UnstyledButton>
    );
  }
  if (isInProgress(task.status)) {
    return (
      <div className="studio-preview-state" role="status">
        <Spinner size="lg" label={t('studio.previewGenerating')} />
        <p className="studio-preview-headline">{t('studio.previewGenerating')}</p>
        <p className="studio-preview-prompt">{truncate(task.prompt, 50)}</p>
      </div>
    );
  }
  if (task.status === 'failed') {
    return (
      <div className="studio-preview-state" data-failed>
        <svg className="studio-preview-icon" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v6m0 4h.01" />
        </svg>
        <p className="studio-preview-headline">{t('studio.previewFailed')}</p>
        <p className="studio-preview-prompt">{t('studio.previewFailedHint')}</p>
      </div>
    );
  }
  return (
    <div className="studio-preview-state">
      <p>{t('studio.previewProcessing')}</p>
    </div>
  );
}
