import type { KeyboardEvent } from 'react';
import type { GridKeys, Selection } from './types.ts';

const STEP: Record<string, (columns: number) => number> = {
  ArrowLeft: () => -1,
  ArrowRight: () => 1,
  ArrowUp: (columns) => -columns,
  ArrowDown: (columns) => columns,
};

/**
 * The grid's keys in selection mode (Space and Enter press the focused card, which toggles it; Shift+Space extends):
 * Shift+arrow moves to the neighbouring card and chooses the range up to it; Escape leaves selection mode.
 */
export function selectionKeys(options: GridKeys & { selection: Selection }) {
  const { tasks, columns, selection, list, scrollToRow } = options;
  return (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      selection.stop();
      return;
    }
    const step = STEP[event.key];
    if (!step || !event.shiftKey) return;
    const focused = (event.target as HTMLElement).closest<HTMLElement>('[data-task-id]')?.dataset.taskId;
    const from = tasks.findIndex((task) => task.taskId === focused);
    if (from < 0) return;
    event.preventDefault();
    const to = Math.min(tasks.length - 1, Math.max(0, from + step(columns)));
    selection.extendTo(to, from);
    const target = tasks[to]?.taskId;
    scrollToRow(Math.floor(to / columns));
    // The card may only be in the page after the scroll.
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-task-id="${target}"]`)?.focus());
  };
}
