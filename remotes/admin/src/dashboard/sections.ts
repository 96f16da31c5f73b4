import type { MessageKey } from '@app/i18n';

/**
 * The dashboard's sections in the spec's order (001 §2); the id is also the `?section=` value. `label` is also
 * the section's heading; `description` and `action` (its heading's button) are what its placeholder shows.
 */
export const SECTIONS = [
  { id: 'settings', label: 'admin.sectionSettings', hint: 'admin.sectionSettingsHint', description: 'admin.settingsDescription' },
  {
    id: 'packages',
    label: 'admin.sectionPackages',
    hint: 'admin.sectionPackagesHint',
    description: 'admin.packagesDescription',
    action: 'admin.addPackage',
  },
  { id: 'kie', label: 'admin.sectionKie', hint: 'admin.sectionKieHint', description: 'admin.kieDescription', action: 'admin.kieAdd' },
  { id: 'recovery', label: 'admin.sectionRecovery', hint: 'admin.sectionRecoveryHint', description: 'admin.recoveryDescription' },
  {
    id: 'users',
    label: 'admin.sectionUsers',
    hint: 'admin.sectionUsersHint',
    description: 'admin.usersDescription',
    action: 'admin.addUser',
  },
  { id: 'audit', label: 'admin.sectionAudit', hint: 'admin.sectionAuditHint', description: 'admin.auditDescription' },
] as const satisfies ReadonlyArray<{ id: string; label: MessageKey; hint: MessageKey; description: MessageKey; action?: MessageKey }>;

export type SectionId = (typeof SECTIONS)[number]['id'];

/** The section named in the address, or the first one for a missing or unknown value. */
export function sectionFrom(value: string | null): SectionId {
  return SECTIONS.find((section) => section.id === value)?.id ?? SECTIONS[0].id;
}
