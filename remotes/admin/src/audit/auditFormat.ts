import type { components } from '@app/api-client';
import { AUDIT_ACTIONS } from '@app/contract/audit-actions';
import type { MessageKey } from '@app/i18n';

type AuditEvent = components['schemas']['AuditEvent'];
type Action = AuditEvent['action'];
type Detail = AuditEvent['details'][string];

/** Every action the log knows, in the order the filter lists them (security events first). */
export const AUDIT_ACTION_IDS: readonly Action[] = AUDIT_ACTIONS;

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
