import type { MessageKey } from '@app/i18n';

/** The dashboard's sections in the spec's order (001 §2); the id is also the `?section=` value. */
export const SECTIONS = [
  { id: 'settings', label: 'admin.sectionSettings', hint: 'admin.sectionSettingsHint' },
  { id: 'packages', label: 'admin.sectionPackages', hint: 'admin.sectionPackagesHint' },
  { id: 'kie', label: 'admin.sectionKie', hint: 'admin.sectionKieHint' },
  { id: 'recovery', label: 'admin.sectionRecovery', hint: 'admin.sectionRecoveryHint' },
  { id: 'users', label: 'admin.sectionUsers', hint: 'admin.sectionUsersHint' },
] as const satisfies ReadonlyArray<{ id: string; label: MessageKey; hint: MessageKey }>;

export type SectionId = (typeof SECTIONS)[number]['id'];

/** The section named in the address, or the first one for a missing or unknown value. */
export function sectionFrom(value: string | null): SectionId {
  return SECTIONS.find((section) => section.id === value)?.id ?? SECTIONS[0].id;
}
