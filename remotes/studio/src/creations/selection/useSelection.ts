import { useT } from '@app/i18n';
import { useCallback, useMemo, useState } from 'react';
import type { ImageTask } from '../../tasks/types.ts';
import { selectionKeys } from './selectionKeys.ts';
import type { Selection } from './types.ts';

/** A task still being made cannot be downloaded or deleted yet, so it cannot be chosen. */
export const isSelectable = (task: ImageTask) => task.status === 'completed' || task.status === 'failed';

/**
 * The cards chosen on /my-creations, by public task id (so a choice survives new pages and live updates), and the
 * last card pressed as the anchor of a shift range. Ids that leave the list (deleted, filtered out) leave the choice.
 */
export function useSelection(tasks: ImageTask[], onDone: () => void): Selection {
  const t = useT();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [anchor, setAnchor] = useState<string | null>(null);
  const ids = useMemo(() => new Set(tasks.filter((task) => chosen.has(task.taskId)).map((task) => task.taskId)), [tasks, chosen]);

  const range = useCallback(
    (start: string | null, to: number) => {
      const from = Math.max(
        0,
        tasks.findIndex((task) => task.taskId === start),
      );
      const [low, high] = from <= to ? [from, to] : [to, from];
      return tasks.slice(low, high + 1).filter(isSelectable);
    },
    [tasks],
  );

  const press = useCallback(
    (task: ImageTask, event?: { shiftKey: boolean }) => {
      if (!isSelectable(task)) return;
      if (event?.shiftKey && anchor) {
        const index = tasks.findIndex((t) => t.taskId === task.taskId);
        setChosen((previous) => new Set([...previous, ...range(anchor, index).map((t) => t.taskId)]));
        return;
      }
      setAnchor(task.taskId);
      setChosen((previous) => {
        const next = new Set(previous);
        if (next.has(task.taskId)) next.delete(task.taskId);
        else next.add(task.taskId);
        return next;
      });
    },
    [tasks, anchor, range],
  );

  const selection: Selection = {
    ids,
    stop: onDone,
    keys: (grid) => selectionKeys({ ...grid, selection }),
    cardProps: (task) => ({
      onOpen: press,
      selected: ids.has(task.taskId),
      action: t('studioBulk.selectAction'),
    }),
    press,
    extendTo: (to, from) => {
      const start = anchor ?? tasks[from]?.taskId ?? null;
      setAnchor(start);
      setChosen((previous) => new Set([...previous, ...range(start, to).map((t) => t.taskId)]));
    },
    selectAll: () => setChosen(new Set(tasks.filter(isSelectable).map((task) => task.taskId))),
    clear: () => {
      setChosen(new Set());
      setAnchor(null);
    },
  };
  return selection;
}
