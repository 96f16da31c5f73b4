import type { components } from '@app/api-client';
import type { MessageKey } from '@app/i18n';

type AuditEvent = components['schemas']['AuditEvent'];
type Action = AuditEvent['action'];
type Detail = AuditEvent['details'][string];

/** Every action the log knows, in the order the filter lists them. */
export const AUDIT_ACTION_IDS: readonly Action[] = [
  'sign_in.new_address',
  'password.changed',
  'password.reset',
  'email.verified',
  'second_factor.totp_enabled',
  'second_factor.totp_disabled',
  'second_factor.recovery_codes_created',
  'second_factor.recovery_code_used',
  'passkey.added',
  'passkey.removed',
  'sessions.ended',
  'token.created',
  'token.deleted',
  'user.created',
  'user.updated',
  'user.role_changed',
  'user.state_changed',
  'user.password_set',
  'user.credits_adjusted',
  'user.deleted',
  'task.refunded',
  'tasks.rechecked',
  'tasks.failed_deleted',
  'settings.changed',
  'security_settings.changed',
  'package.created',
  'package.updated',
  'package.deleted',
  'kie_account.created',
  'kie_account.updated',
  'kie_account.deleted',
  'kie_account.credits_refreshed',
  'telegram.tested',
];

/** The message naming an action (`user.credits_adjusted` -> `security.action_user_credits_adjusted`). */
export const actionLabelKey = (action: Action) => `security.action_${action.replaceAll('.', '_')}` as MessageKey;

const scalar = (value: unknown) => (value === null || value === undefined ? '—' : String(value));

/** `credits: 10 → 55; name: Starter` */
export function detailsText(details: Record<string, Detail>): string {
  return Object.entries(details)
    .map(([name, value]) =>
      value !== null && typeof value === 'object'
        ? `${name}: ${scalar(value.before)} → ${scalar(value.after)}`
        : `${name}: ${scalar(value)}`,
    )
    .join('; ');
}
