// Applying an admin's settings update: plain fields as given, secrets write-only (blank keeps, null removes).
import { type AdminSettingsUpdate, type AuditDetail, SETTINGS_SECRETS } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { secretHint } from '../../../crypto/secret-box.ts';
import type { Admin } from '../../../http/roles.ts';
import { type Acting, recordAudit } from '../../audit/index.ts';
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

/** A secret as the audit log shows it: `••••` and its last 4 characters (or `set`), never the value. */
const maskedSecret = (value: string | null | undefined) => (value ? (secretHint(value) ?? 'set') : null);

/** What the audit log records of a change: every plain field that differs, and every secret replaced or removed (masked). */
function settingsChanges(before: AdminSettings, after: AdminSettings): Record<string, AuditDetail> {
  const changes: Record<string, AuditDetail> = {};
  for (const name of [...PLAIN_FIELDS, ...CLEARABLE_FIELDS]) {
    const [old, now] = [before[name] ?? null, after[name] ?? null];
    if (old !== now) changes[name] = { before: old, after: now };
  }
  for (const name of SETTINGS_SECRETS) {
    if ((before[name] ?? null) !== (after[name] ?? null))
      changes[name] = { before: maskedSecret(before[name]), after: maskedSecret(after[name]) };
  }
  return changes;
}

/**
 * Loads the settings row, applies the update and saves it (secrets are encrypted by their column type), with an audit
 * entry of what changed (values before and after, secrets masked) in the same transaction; answers the settings and what
 * happened to each secret, for the caller to log.
 */
export async function updateSettings(
  em: SqlEntityManager,
  update: Partial<AdminSettingsUpdate>,
  actor: Acting<Admin>,
): Promise<{ settings: AdminSettings; secretChanges: SecretChange[] }> {
  return em.transactional(async (tx) => {
    const settings = await new AdminSettingsRepository(tx).get();
    const before = { ...settings };
    const secretChanges = secretChangesOf(settings, update);
    applySettingsUpdate(settings, update);
    await tx.flush();
    const details = settingsChanges(before, settings);
    if (Object.keys(details).length) await recordAudit(tx, { action: 'settings.changed', by: actor, details });
    return { settings, secretChanges };
  });
}
