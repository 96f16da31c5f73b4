// Who stored, replaced or removed which secret, and when: the one place such a change is recorded.
import { type AdminSettingsUpdate, SETTINGS_SECRETS, type SettingsSecret } from '@app/contract';
import type { Logger } from 'pino';
import type { Admin } from '../../../http/roles.ts';
import type { AdminSettings } from '../../settings/index.ts';

export interface SecretChange {
  secret: SettingsSecret;
  change: 'stored' | 'replaced' | 'removed';
}

/** What an update does to each secret, read before it is applied (a removal of an unset secret is no change). */
export function secretChangesOf(settings: AdminSettings, update: Partial<AdminSettingsUpdate>): SecretChange[] {
  return SETTINGS_SECRETS.flatMap((secret): SecretChange[] => {
    const value = update[secret];
    const isSet = settings[secret] !== null;
    if (value === null) return isSet ? [{ secret, change: 'removed' }] : [];
    if (!value?.trim()) return [];
    return [{ secret, change: isSet ? 'replaced' : 'stored' }];
  });
}

/**
 * Records secret changes once they are saved: a log line per change with the admin and the request id (never the
 * value). An audit log, once there is one, writes its entry here too.
 */
export function recordSecretChanges(logger: Logger, admin: Admin, requestId: string, changes: readonly SecretChange[]): void {
  for (const { secret, change } of changes) {
    logger.info({ secret, change, adminId: admin.id, admin: admin.username, reqId: requestId }, `admin setting secret ${change}`);
  }
}
