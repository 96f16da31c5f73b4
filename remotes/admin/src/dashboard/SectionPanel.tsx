import { useT } from '@app/i18n';
import { Button, Spinner } from '@app/ui';
import { type ComponentType, Suspense } from 'react';
import { lazySection } from '../shared/lazySection.ts';
import { SectionHeader } from '../shared/SectionHeader.tsx';
import type { SECTIONS, SectionId } from './sections.ts';

type Section = (typeof SECTIONS)[number];

/**
 * Each section's code (its tables, dialogs and the kit widgets they need) downloads when its tab is first
 * shown, so /admin loads only the one section it opens on. Settings speaks only the `admin` messages, which
 * the page already has; the others bring theirs (`adminManage`).
 */
const PANELS: Record<SectionId, ComponentType> = {
  settings: lazySection(() => import('../settings/SettingsSection.tsx').then((module) => module.SettingsSection), false),
  packages: lazySection(() => import('../packages/PackagesSection.tsx').then((module) => module.PackagesSection)),
  kie: lazySection(() => import('../kie/KieSection.tsx').then((module) => module.KieSection)),
  recovery: lazySection(() => import('../recovery/RecoverySection.tsx').then((module) => module.RecoverySection)),
  users: lazySection(() => import('../users/UsersSection.tsx').then((module) => module.UsersSection)),
  audit: lazySection(() => import('../audit/AuditSection.tsx').then((module) => module.AuditSection)),
};

/** One section, with its own heading and a spinner in its place while its code downloads. */
export function SectionPanel({ section }: { section: Section }) {
  const Panel = PANELS[section.id];
  return (
    <Suspense fallback={<SectionSkeleton section={section} />}>
      <Panel />
    </Suspense>
  );
}

/**
 * What the section itself shows while its data loads (heading, description, action button, spinner), so
 * nothing moves when the code arrives. The button is disabled until then.
 */
function SectionSkeleton({ section }: { section: Section }) {
  const t = useT();
  return (
    <section aria-busy="true">
      <SectionHeader
        title={t(section.label)}
        description={t(section.description)}
        actions={'action' in section && <Button isDisabled>{t(section.action)}</Button>}
      />
      <Spinner size="lg" className="admin-section-spinner" />
    </section>
  );
}
