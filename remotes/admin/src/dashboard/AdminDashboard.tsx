import { useT } from '@app/i18n';
import { navigate, PageHeader, useSearchParams } from '@app/ui';
import { Tab, TabList, TabPanel, Tabs } from '@app/ui/tabs';
import { SectionIcon } from './SectionIcon.tsx';
import { SectionPanel } from './SectionPanel.tsx';
import { SECTIONS, sectionFrom } from './sections.ts';
import { useMediaQuery } from './useMediaQuery.ts';
import './dashboard.css';

/**
 * The admin dashboard: a side navigation on wide screens (a scrolling tab strip on phones) and
 * one section at a time. The section lives in `?section=` so a reload or a shared link keeps it.
 */
export function AdminDashboard() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const selected = sectionFrom(searchParams.get('section'));
  const wide = useMediaQuery('(min-width: 960px)');

  return (
    <div className="ui-container ui-page admin-dashboard">
      <PageHeader title={t('admin.adminTitle')} subtitle={t('admin.adminSubtitle')} />
      <Tabs
        className="admin-tabs"
        orientation={wide ? 'vertical' : 'horizontal'}
        selectedKey={selected}
        onSelectionChange={(key) => navigate(`/admin?section=${String(key)}`, { replace: true })}
      >
        <TabList aria-label={t('admin.sectionsLabel')} className="admin-tablist">
          {SECTIONS.map((section) => (
            <Tab key={section.id} id={section.id} className="admin-tab">
              <SectionIcon section={section.id} />
              <span className="admin-tab-text">
                <span className="admin-tab-label">{t(section.label)}</span>
                <span className="admin-tab-hint">{t(section.hint)}</span>
              </span>
            </Tab>
          ))}
        </TabList>
        {SECTIONS.map((section) => (
          <TabPanel key={section.id} id={section.id} className="admin-panel">
            <SectionPanel section={section} />
          </TabPanel>
        ))}
      </Tabs>
    </div>
  );
}
