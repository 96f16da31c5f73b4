import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { TaskCard } from '../tasks/TaskCard.tsx';
import type { ImageTask } from '../tasks/types.ts';
import type { Selection } from './selection/types.ts';
import '../tasks/tasks.css';

/** Columns as `.studio-task-grid` lays them out: two on phones, else as many 15rem columns as fit. */
function columnsFor(width: number): number {
  if (window.matchMedia('(max-width: 640px)').matches) return 2;
  const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return Math.max(1, Math.floor((width + rem) / (16 * rem)));
}

/**
 * My Creations' cards, virtualised by rows against the page's scroll: only the rows near the screen are in the page,
 * however many tasks are loaded. Near the end it asks for more (`onEnd`).
 */
export function VirtualTaskGrid({
  tasks,
  onOpen,
  label,
  onEnd,
  selection,
}: {
  tasks: ImageTask[];
  onOpen: (task: ImageTask) => void;
  label: string;
  onEnd: () => void;
  /** In selection mode a press chooses the card (shift: a range) instead of opening it. */
  selection?: Selection;
}) {
  const list = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(4);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const measure = () => {
      setColumns(columnsFor(element.clientWidth));
      setOffset(element.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const rows = Math.ceil(tasks.length / columns);
  const virtualizer = useWindowVirtualizer({ count: rows, estimateSize: () => 360, overscan: 3, scrollMargin: offset, gap: 16 });
  const items = virtualizer.getVirtualItems();
  // The last row on screen (not the overscan, which would fetch the next page before anyone scrolls).
  const lastRow = virtualizer.range?.endIndex ?? -1;
  useEffect(() => {
    if (rows > 0 && lastRow >= rows - 2) onEnd();
  }, [lastRow, rows, onEnd]);

  const onKeyDown = selection?.keys({ tasks, columns, list, scrollToRow: virtualizer.scrollToIndex });

  // A flat list of tasks for assistive tech (position and size given, as most items are not in the page); rows only lay out.
  return (
    // biome-ignore lint/a11y/useSemanticElements: row wrappers sit between the list and its items, which <ul> forbids
    <div
      ref={list}
      role="list"
      className="studio-virtual-grid"
      aria-label={label}
      style={{ height: virtualizer.getTotalSize() }}
      onKeyDown={onKeyDown}
    >
      {items.map((row) => (
        <div
          key={row.key}
          ref={virtualizer.measureElement}
          data-index={row.index}
          role="presentation"
          className="studio-virtual-row"
          style={{
            transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          }}
        >
          {tasks.slice(row.index * columns, row.index * columns + columns).map((task, i) => (
            // biome-ignore lint/a11y/useSemanticElements: see the list above
            <div key={task.id} role="listitem" aria-posinset={row.index * columns + i + 1} aria-setsize={tasks.length}>
              <TaskCard task={task} onOpen={onOpen} favourites {...selection?.cardProps(task)} />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
