import { TaskCard } from './TaskCard.tsx';
import type { ImageTask } from './types.ts';
import './tasks.css';

/** Task cards in a responsive grid (Recent Images and My Creations); `favourites` adds each card's star. */
export function TaskGrid({
  tasks,
  onOpen,
  label,
  favourites = false,
}: {
  tasks: ImageTask[];
  onOpen: (task: ImageTask) => void;
  label: string;
  favourites?: boolean;
}) {
  return (
    <ul className="studio-task-grid" aria-label={label}>
      {tasks.map((task) => (
        <li key={task.id}>
          <TaskCard task={task} onOpen={onOpen} favourites={favourites} />
        </li>
      ))}
    </ul>
  );
}
