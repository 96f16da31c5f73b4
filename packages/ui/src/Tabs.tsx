import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type TabListProps,
  type TabPanelProps,
  type TabProps,
  type TabsProps,
} from 'react-aria-components';
import { withBase } from './cx.ts';
import './Tabs.css';

/** Tabs with keyboard support; the selected key can be controlled (`selectedKey`). */
export function Tabs({ className, ...props }: TabsProps) {
  return <AriaTabs {...props} className={withBase('ui-Tabs', className)} />;
}

export function TabList<T extends object>({ className, ...props }: TabListProps<T>) {
  return <AriaTabList {...props} className={withBase('ui-TabList', className)} />;
}

export function Tab({ className, ...props }: TabProps) {
  return <AriaTab {...props} className={withBase('ui-Tab', className)} />;
}

export function TabPanel({ className, ...props }: TabPanelProps) {
  return <AriaTabPanel {...props} className={withBase('ui-TabPanel', className)} />;
}
