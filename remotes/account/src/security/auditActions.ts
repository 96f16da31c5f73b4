import type { components } from '@app/api-client';
import type { MessageKey } from '@app/i18n';

type Action = components['schemas']['AuditEvent']['action'];

/** The message naming an audit action (`sign_in.new_address` -> `security.action_sign_in_new_address`). */
export const auditActionKey = (action: Action) => `security.action_${action.replaceAll('.', '_')}` as MessageKey;
