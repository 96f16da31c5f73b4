import { useT } from '@app/i18n';
import { Spinner } from '@app/ui';
import { isInProgress, thumbnailOf } from './taskLabels.ts';
import type { ImageTask } from './types.ts';

/**
 * A grid card's picture: the thumbnail once there is one, a spinner while in progress, a mark when failed. The
 * thumbnail has no alt text of its own: the card's name already says its prompt, which is all an alt could say.
 */
export function TaskImage({ task }: { task: ImageTask }) {
  const t = useT();
  const src = task.status === 'completed' ? thumbnailOf(task) : undefined;
  if (src) return <img src={src} alt="" loading="lazy" decoding="async" />;
  if (isInProgress(task.status)) return <Spinner size="lg" label={t('studio.previewGenerating')} />;
  return (
    <svg className="studio-task-placeholder" viewBox="0 0 24 24" aria-hidden="true">
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="m3 16 5-5 4 4 3-3 6 6" />
      {task.status === 'failed' && <path d="m15 6 4 4m0-4-4 4" />}
    </svg>
  );
}
