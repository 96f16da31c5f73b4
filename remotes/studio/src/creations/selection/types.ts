// The selection mode's shapes, shared by the grid (drawn with it) and the lazily loaded selection code.
import type { KeyboardEvent, RefObject } from 'react';
import type { ImageTask } from '../../tasks/types.ts';

/** What the grid needs to handle its keys in selection mode. */
export interface GridKeys {
  tasks: ImageTask[];
  columns: number;
  list: RefObject<HTMLDivElement | null>;
  scrollToRow: (row: number) => void;
}

export interface Selection {
  ids: ReadonlySet<string>;
  /** Leaves selection mode (the choice goes with it). */
  stop: () => void;
  /** The grid's key handler: Shift+arrows extend, Escape leaves. */
  keys: (grid: GridKeys) => (event: KeyboardEvent<HTMLDivElement>) => void;
  /** Toggles one card, or with shift chooses every card from the last one pressed to it. */
  press: (task: ImageTask, press?: { shiftKey: boolean }) => void;
  /** What a card takes in selection mode: its press chooses it; its name and pressed state say so. */
  cardProps: (task: ImageTask) => { onOpen: Selection['press']; selected: boolean; action: string };
  /** Chooses from the last card pressed (else the card at `from`) to the card at `to` (Shift + arrows). */
  extendTo: (to: number, from: number) => void;
  selectAll: () => void;
  clear: () => void;
}
