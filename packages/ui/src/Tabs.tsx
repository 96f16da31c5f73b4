import { createContext, type HTMLAttributes, type KeyboardEvent, type ReactNode, useContext, useId, useState } from 'react';
import { cx } from './cx.ts';
import './Tabs.css';

// The WAI-ARIA tabs pattern by hand: React Aria's Tabs pull its collection machinery (~17 KB compressed)
// into the first paint of every page that shows tabs, for three or five fixed tabs.

type Key = string;
type Orientation = 'horizontal' | 'vertical';

interface TabsState {
  selectedKey: Key | undefined;
  select: (key: Key) => void;
  orientation: Orientation;
  idOf: (part: 'tab' | 'panel', key: Key) => string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`${part} must be inside <Tabs>`);
  return state;
}

export interface TabsProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onChange'> {
  selectedKey?: Key;
  defaultSelectedKey?: Key;
  onSelectionChange?: (key: Key) => void;
  orientation?: Orientation;
  children: ReactNode;
}

/** Tabs with keyboard support (arrows, Home, End; selection follows focus); the selected key can be controlled. */
export function Tabs({ selectedKey, defaultSelectedKey, onSelectionChange, orientation = 'horizontal', className, ...props }: TabsProps) {
  const [ownKey, setOwnKey] = useState(defaultSelectedKey);
  const prefix = useId();
  const state: TabsState = {
    selectedKey: selectedKey ?? ownKey,
    select: (key) => {
      setOwnKey(key);
      if (key !== (selectedKey ?? ownKey)) onSelectionChange?.(key);
    },
    orientation,
    idOf: (part, key) => `${prefix}-${part}-${key}`,
  };
  return (
    <TabsContext.Provider value={state}>
      <div {...props} className={cx('ui-Tabs', className)} data-orientation={orientation} />
    </TabsContext.Provider>
  );
}

const NEXT: Record<Orientation, string> = { horizontal: 'ArrowRight', vertical: 'ArrowDown' };
const PREVIOUS: Record<Orientation, string> = { horizontal: 'ArrowLeft', vertical: 'ArrowUp' };

export interface TabListProps extends HTMLAttributes<HTMLDivElement> {
  'aria-label': string;
}

export function TabList({ className, ...props }: TabListProps) {
  const { orientation } = useTabs('TabList');
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not([aria-disabled="true"])')];
    const current = tabs.indexOf(document.activeElement as HTMLElement);
    if (current < 0) return;
    const target = {
      [NEXT[orientation]]: tabs[(current + 1) % tabs.length],
      [PREVIOUS[orientation]]: tabs[(current - 1 + tabs.length) % tabs.length],
      Home: tabs[0],
      End: tabs.at(-1),
    }[event.key];
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.click();
  }
  return (
    <div
      {...props}
      role="tablist"
      aria-orientation={orientation}
      data-orientation={orientation}
      className={cx('ui-TabList', className)}
      onKeyDown={onKeyDown}
    />
  );
}

export interface TabProps extends Omit<HTMLAttributes<HTMLButtonElement>, 'id'> {
  id: Key;
}

export function Tab({ id, className, ...props }: TabProps) {
  const { selectedKey, select, idOf } = useTabs('Tab');
  const isSelected = selectedKey === id;
  return (
    <button
      {...props}
      type="button"
      id={idOf('tab', id)}
      role="tab"
      aria-selected={isSelected}
      aria-controls={isSelected ? idOf('panel', id) : undefined}
      tabIndex={isSelected ? 0 : -1}
      data-selected={isSelected || undefined}
      className={cx('ui-Tab', className)}
      onClick={() => select(id)}
    />
  );
}

export interface TabPanelProps extends Omit<HTMLAttributes<HTMLDivElement>, 'id'> {
  id: Key;
}

/** Only the selected tab's panel is rendered. */
export function TabPanel({ id, className, ...props }: TabPanelProps) {
  const { selectedKey, idOf } = useTabs('TabPanel');
  if (selectedKey !== id) return null;
  return (
    <div {...props} id={idOf('panel', id)} role="tabpanel" aria-labelledby={idOf('tab', id)} className={cx('ui-TabPanel', className)} />
  );
}
