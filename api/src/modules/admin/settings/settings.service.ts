// Applying an admin's settings update: plain fields as given, secrets write-only (blank keeps, null removes).
import { type AdminSettingsUpdate, SETTINGS_SECRETS } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { AdminSettings } from '../../settings/index.ts';
import { AdminSettingsRepository } from '../../settings/index.ts';
import { type SecretChange, secretChangesOf } from './secret-changes.ts';

const PLAIN_FIELDS = [
  'paypalEnvironment',
  'paypalEnabled',
  'creemEnvironment',
  'creemEnabled',
  'googleAuthEnabled',
  'nanoBananaCredits',
  'nanoBananaEditCredits',
  'nanoBananaResizeCredits',
  'nanoBananaApiPrice',
  'nanoBananaEditApiPrice',
  'startCredits',
] as const;

/** Optional text and addresses: `null` or blank clears them. */
const CLEARABLE_FIELDS = ['paypalClientId', 'googleClientId', 'googleRedirectUri', 'telegramChatId', 'callbackUrl'] as const;

/** What a secret field of an update means: keep the stored value, remove it, or replace it. */
export function secretChange(value: string | null | undefined): { keep: true } | { keep: false; value: string | null } {
  if (value === null) return { keep: false, value: null };
  const text = value?.trim();
  return text ? { keep: false, value: text } : { keep: true };
}

/** Copies an update onto the settings row (not flushed). */
export function applySettingsUpdate(settings: AdminSettings, update: Partial<AdminSettingsUpdate>): void {
  for (const name of PLAIN_FIELDS) {
    const value = update[name];
    if (value !== undefined) Object.assign(settings, { [name]: value });
  }
  for (const name of CLEARABLE_FIELDS) {
    const value = update[name];
    if (value !== undefined) settings[name] = value?.trim() || null;
  }
  for (const name of SETTINGS_SECRETS) {
    const change = secretChange(update[name]);
    if (!change.keep) settings[name] = change.value;
  }
}

/**
 * Loads the settings row, applies the update and saves it (secrets are encrypted by their column type); answers the
 * settings and what happened to each secret, for the caller to record.
 */
export async function updateSettings(
  em: SqlEntityManager,
  update: Partial<AdminSettingsUpdate>,
): Promise<{ settings: AdminSettings; secretChanges: SecretChange[] }> {
  const settings = await new AdminSettingsRepository(em).get();
  const secretChanges = secretChangesOf(settings, update);
  applySettingsUpdate(settings, update);
  await em.flush();
  return { settings, secretChanges };
}
