import { useT } from '@app/i18n';
import { UnstyledButton } from '@app/ui';
import { useFormat } from '@app/ui/format';
import { FavouriteButton } from './FavouriteButton.tsx';
import { TaskBadges } from './TaskBadges.tsx';
import { TaskImage } from './TaskImage.tsx';
import { MODEL_LABELS, truncate } from './taskLabels.ts';
import type { ImageTask } from './types.ts';

/**
 * One task in a grid: picture, badges, prompt (60 characters), short date and model. Opens the details. With
 * `favourites`, a star beside the card (a button of its own: buttons do not nest) stars it. With `selected` (selection
 * mode) it is a toggle button that chooses the card; `onOpen` gets the press, whose `shiftKey` extends a range.
 * Its name is what a press does, then its own visible text, where the prompt is said once (the thumbnail has no alt).
 */
export function TaskCard({
  task,
  onOpen,
  favourites = false,
  selected,
  action,
}: {
  task: ImageTask;
  onOpen: (task: ImageTask, press?: { shiftKey: boolean }) => void;
  favourites?: boolean;
  selected?: boolean;
  /** What a press does, when it does something else than opening the details (read before the card's text). */
  action?: string;
}) {
  const t = useT();
  const { shortDateTime: shortDate } = useFormat();
  const card = (
    <UnstyledButton
      className="studio-task-card"
      aria-pressed={selected}
      data-task-id={task.taskId}
      data-status={task.status}
      onPress={(press) => onOpen(task, press)}
    >
      {/* The card's name is its own visible text (WCAG 2.5.3, label in name), after what a press does. */}
      <span className="ui-visually-hidden">{action ?? t('studio.openDetailsAction')} </span>
      <div className="studio-task-media">
        <TaskImage task={task} />
        <TaskBadges task={task} />
      </div>
      <div className="studio-task-body">
        <p className="studio-task-prompt">{truncate(task.prompt, 60)}</p>
        <p className="studio-task-meta">
          <time dateTime={task.createdAt}>{shortDate(task.createdAt)}</time>
          <span>{t(MODEL_LABELS[task.model] ?? 'studio.modelNanoBanana')}</span>
        </p>
      </div>
    </UnstyledButton>
  );
  if (!favourites) return card;
  return (
    <div className="studio-task-tile">
      {card}
      <FavouriteButton
        task={task}
        className="studio-task-favourite"
        label={t('studio.favouriteImage', { prompt: truncate(task.prompt, 60) })}
      />
    </div>
  );
}
