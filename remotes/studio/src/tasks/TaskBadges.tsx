import { useT } from '@app/i18n';
import { Badge } from '@app/ui';
import { StatusBadge } from './StatusBadge.tsx';
import { isFromApi, isUpscale, wearsHdBadge } from './taskLabels.ts';
import type { ImageTask } from './types.ts';

/** HD (this task's image is the HD one: an upscale), Upscale, API or WEB, and the status: the badges of a task card. */
export function TaskBadges({ task }: { task: ImageTask }) {
  const t = useT();
  return (
    <div className="studio-task-badges">
      {wearsHdBadge(task) && (
        <Badge variant="accent" data-badge="hd">
          {t('studio.badgeHd')}
        </Badge>
      )}
      {isUpscale(task) && (
        <Badge variant="primary" data-badge="upscale">
          {t('studio.badgeUpscale')}
        </Badge>
      )}
      <Badge data-badge="via">{isFromApi(task) ? t('studio.badgeApi') : t('studio.badgeWeb')}</Badge>
      <StatusBadge status={task.status} />
    </div>
  );
}
