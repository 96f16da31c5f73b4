import { useT } from '@app/i18n';
import { Button, Spinner } from '@app/ui';
import { type ComponentType, lazy, Suspense } from 'react';
import { SectionHeader } from '../shared/SectionHeader.tsx';
import type { SECTIONS, SectionId } from './sections.ts';

type Section = (typeof SECTIONS)[number];

/**
 * Each section's code (its tables, dialogs and the kit widgets they need) downloads when its tab is first
 * shown, so /admin loads only the one section it opens on.
 */
const PANELS: Record<SectionId, ComponentType> = {
  settings: lazy(() => import('../settings/SettingsSection.tsx').then((module) => ({ default: module.SettingsSection }))),
  packages: lazy(() => import('../packages/PackagesSection.tsx').then((module) => ({ default: module.PackagesSection }))),
  kie: lazy(() => import('../kie/KieSection.tsx').then((module) => ({ default: module.KieSection }))),
  recovery: lazy(() => import('../recovery/RecoverySection.tsx').then((module) => ({ default: module.RecoverySection }))),
  users: lazy(() => import('../users/UsersSection.tsx').then((module) => ({ default: module.UsersSection }))),
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
