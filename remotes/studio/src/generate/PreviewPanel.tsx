import { useT } from '@app/i18n';
import { Card, Spinner, UnstyledButton } from '@app/ui';
import { useEffect, useRef, useState } from 'react';
import { isInProgress, truncate } from '../tasks/taskLabels.ts';
import type { ImageTask } from '../tasks/types.ts';

/** The studio's one-column layout (generate.css), where the preview comes after the form. */
const STACKED = '(max-width: 960px)';

interface PreviewPanelProps {
  task: ImageTask | undefined;
  /** The newest request's images (`task` and its siblings) when it asked for several: shown as a grid. */
  batch?: ImageTask[];
  onOpen: (task: ImageTask) => void;
}

/**
 * The newest task of the last 7 days: its first result when completed, a spinner with the
 * prompt's first 50 characters while in progress, the failure, or the empty placeholder.
 * A request for several images shows one cell per image, each filled as its own task changes.
 */
export function PreviewPanel({ task, batch = [], onOpen }: PreviewPanelProps) {
  const t = useT();
  const isGrid = batch.length > 1;
  return (
    <Card className="studio-preview" data-testid="preview" data-status={task?.status ?? 'none'}>
      <h2 className="studio-card-title">{t('studio.previewTitle')}</h2>
      {isGrid ? (
        <ul className="studio-preview-grid" aria-label={t('studio.previewBatch')} data-testid="preview-grid">
          {batch.map((each) => (
            <li key={each.id} className="studio-preview-frame" data-testid="preview-cell" data-status={each.status}>
              <PreviewContent task={each} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="studio-preview-frame">
          <PreviewContent task={task} onOpen={onOpen} />
        </div>
      )}
      <PreviewAnnouncer task={task} />
    </Card>
  );
}

/**
 * Tells a screen reader, whose focus stays on the submit button, where the work it started will appear, and when
 * it is there. The live region is always in the page (a region inserted with its text is often not read); only
 * changes after the page opened are announced.
 */
function PreviewAnnouncer({ task }: { task: ImageTask | undefined }) {
  const t = useT();
  const [message, setMessage] = useState('');
  const seen = useRef<{ id: string | undefined; status: string | undefined } | undefined>(undefined);
  const region = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const before = seen.current;
    seen.current = { id: task?.id, status: task?.status };
    if (!before || !task || (before.id === task.id && before.status === task.status)) return;
    if (isInProgress(task.status) && (before.id !== task.id || !isInProgress(before.status ?? ''))) {
      setMessage(t('studio.previewAnnounceStarted'));
      revealWhenStacked(region.current?.closest('.studio-preview'));
    } else if (task.status === 'completed' && before.id === task.id) {
      setMessage(t('studio.previewAnnounceDone'));
    }
  }, [task, t]);
  return (
    <p ref={region} className="ui-visually-hidden" role="status" data-testid="preview-announcement">
      {message}
    </p>
  );
}

/**
 * Where the preview sits under the form (phones, narrow windows), brings it up under the header, so the work that
 * started is seen and the toast at the bottom of the screen lies below it rather than over it.
 */
function revealWhenStacked(preview: Element | null | undefined) {
  if (!preview || !window.matchMedia(STACKED).matches) return;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  preview.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
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
      <div className="studio-preview-state">
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
        {task.refunded && <p data-testid="preview-refund">{t('studio.previewRefunded', { count: task.creditsUsed })}</p>}
      </div>
    );
  }
  return (
    <div className="studio-preview-state">
      <p>{t('studio.previewProcessing')}</p>
    </div>
  );
}
