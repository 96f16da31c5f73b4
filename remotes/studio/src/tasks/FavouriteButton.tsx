import { useMutation } from '@app/api-client';
import { useT } from '@app/i18n';
import { cx, UnstyledButton } from '@app/ui';
import { useState } from 'react';
import type { ImageTask } from './types.ts';

/**
 * The star of a task: a toggle button (aria-pressed) that stars or unstars it on the server, then re-reads the
 * task lists (a filtered list drops an unstarred task). Shows the state asked for until the lists catch up.
 */
export function FavouriteButton({ task, label, className }: { task: ImageTask; label: string; className?: string }) {
  const t = useT();
  const options = { failure: t('studio.favouriteFailed'), fallback: t('studio.genericError'), invalidates: ['/api/image-tasks'] };
  const star = useMutation('put', '/api/image-tasks/{taskId}/favourite', options);
  const unstar = useMutation('delete', '/api/image-tasks/{taskId}/favourite', options);
  // The state asked for, until the lists bring a task whose star differs from what it was when asked.
  const [wanted, setWanted] = useState<{ value: boolean; was: boolean } | null>(null);
  const pressed = wanted && wanted.was === task.isFavourite ? wanted.value : task.isFavourite;
  async function toggle() {
    const next = !pressed;
    setWanted({ value: next, was: task.isFavourite });
    const done = await (next ? star : unstar).trigger({ params: { path: { taskId: task.taskId } } });
    if (!done) setWanted(null);
  }
  return (
    <UnstyledButton
      className={cx('studio-favourite', className)}
      aria-label={label}
      aria-pressed={pressed}
      data-favourite={pressed || undefined}
      onPress={() => void toggle()}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
      </svg>
    </UnstyledButton>
  );
}
