import type { ApiModule } from '../module.ts';
import { AdminSettings } from './admin-settings.entity.ts';

export { AdminSettings, SETTINGS_ROW_ID } from './admin-settings.entity.ts';
export { AdminSettingsRepository } from './admin-settings.repository.ts';
export { SettingsCache, type SettingsSnapshot } from './settings-cache.ts';

export const settingsModule: ApiModule = { name: 'settings', entities: [AdminSettings] };
