import type { components } from '@app/api-client';

export type AdminSettings = components['schemas']['AdminSettings'];

/** What every settings card receives: the stored settings, read once when the card mounts. */
export interface SettingsCardBaseProps {
  settings: AdminSettings;
}
