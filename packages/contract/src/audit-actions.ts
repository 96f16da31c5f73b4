// What the audit log records, as plain lists (no zod): the server and the admin UI's filter share them.

/** What an entry records; security events are the ones an account's owner sees on My Account. */
export const SECURITY_AUDIT_ACTIONS = [
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
  'token.caps_set',
  'share.created',
  'share.changed',
  'share.stopped',
  'user.role_changed',
  'user.state_changed',
  'user.password_set',
  'user.deleted',
] as const;

/** Admin actions that are not about an account's security (its owner does not see them). */
export const ADMIN_AUDIT_ACTIONS = [
  'user.created',
  'user.updated',
  'user.credits_adjusted',
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
] as const;

export const AUDIT_ACTIONS = [...SECURITY_AUDIT_ACTIONS, ...ADMIN_AUDIT_ACTIONS] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditKind = 'security' | 'admin';
