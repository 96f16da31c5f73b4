import { LIMITS } from '@app/contract/constants';
import type { MessageKey } from '@app/i18n';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * The change-password checks, each shown on its own field as the other forms do (all at once, so an empty form
 * shows every missing field): both passwords given, the new one long enough and not the current one, the
 * confirmation equal. Empty when the change can be sent.
 */
export function checkPasswordChange(change: PasswordChange): Partial<Record<keyof PasswordChange, MessageKey>> {
  const problems: Partial<Record<keyof PasswordChange, MessageKey>> = {};
  if (!change.currentPassword) problems.currentPassword = 'account.currentPasswordRequired';
  if (!change.newPassword) problems.newPassword = 'account.newPasswordRequired';
  else if (change.newPassword.length < LIMITS.passwordMin) problems.newPassword = 'account.newPasswordTooShort';
  else if (change.newPassword === change.currentPassword) problems.newPassword = 'account.newPasswordSame';
  if (change.newPassword && change.confirmPassword !== change.newPassword) problems.confirmPassword = 'account.confirmationMismatch';
  return problems;
}
