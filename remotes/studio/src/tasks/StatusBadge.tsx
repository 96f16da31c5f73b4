import { useT } from '@app/i18n';
import { Badge, type BadgeVariant } from '@app/ui';
import { STATUS_LABELS } from './taskLabels.ts';
import type { TaskStatus } from './types.ts';

const VARIANTS: Record<TaskStatus, BadgeVariant> = { pending: 'warning', generating: 'info', completed: 'success', failed: 'danger' };

/** The task's status as a coloured pill. */
export function StatusBadge({ status }: { status: TaskStatus }) {
  const t = useT();
  return (
    <Badge variant={VARIANTS[status] ?? 'neutral'} data-status={status}>
      {t(STATUS_LABELS[status] ?? 'studio.previewProcessing')}
    </Badge>
  );
}
