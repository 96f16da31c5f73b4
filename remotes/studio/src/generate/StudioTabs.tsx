import { useT } from '@app/i18n';
import { Card } from '@app/ui';
import { Tab, TabList, TabPanel, Tabs } from '@app/ui/tabs';
import type { ReactNode } from 'react';
import { STUDIO_TABS, type StudioTab } from './studioTabs.ts';

const LABELS = { text_to_image: 'studio.tabText', edit_image: 'studio.tabEdit', upscale_hd: 'studio.tabUpscale' } as const;

const ICONS: Record<StudioTab, ReactNode> = {
  text_to_image: <path d="M4 6h16M4 12h10M4 18h7m9-4-3 5-2-3-3 4" />,
  edit_image: <path d="M4 20h4L19 9l-4-4L4 16v4Zm9-13 4 4" />,
  upscale_hd: <path d="M4 14v6h6M20 10V4h-6M4 20l7-7m9-9-7 7" />,
};

interface StudioTabsProps {
  tab: StudioTab;
  onTabChange: (tab: StudioTab) => void;
  panels: Record<StudioTab, ReactNode>;
  /** The pointer or the focus reached the tabs: a tab change may follow (time to fetch what it shows). */
  onTabsIntent?: () => void;
}

/** Text to Image, Edit Image and Upscale HD, each tab with its own panel. */
export function StudioTabs({ tab, onTabChange, panels, onTabsIntent }: StudioTabsProps) {
  const t = useT();
  return (
    <Card className="studio-form-card">
      <Tabs
        selectedKey={tab}
        onSelectionChange={(key) => onTabChange(STUDIO_TABS.find((candidate) => candidate === key) ?? 'text_to_image')}
      >
        <TabList aria-label={t('studio.tabsLabel')} className="studio-tablist" onPointerEnter={onTabsIntent} onFocus={onTabsIntent}>
          {STUDIO_TABS.map((id) => (
            <Tab key={id} id={id} className="studio-tab">
              <svg viewBox="0 0 24 24" aria-hidden="true">
                {ICONS[id]}
              </svg>
              <span>{t(LABELS[id])}</span>
            </Tab>
          ))}
        </TabList>
        {STUDIO_TABS.map((id) => (
          <TabPanel key={id} id={id}>
            {panels[id]}
          </TabPanel>
        ))}
      </Tabs>
    </Card>
  );
}
