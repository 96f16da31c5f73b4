import { LIMITS } from '@app/contract/constants';
import type { MessageKey } from '@app/i18n';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * The change-password checks in the spec's order (000 §5): both passwords given (a toast),
 * the new one long enough, the confirmation equal (each shown on its field).
 */
export type PasswordChangeProblem =
  | { kind: 'toast'; message: MessageKey }
  | { kind: 'field'; field: 'newPassword' | 'confirmPassword'; message: MessageKey };

export function checkPasswordChange(change: PasswordChange): PasswordChangeProblem | null {
  if (!change.currentPassword || !change.newPassword) return { kind: 'toast', message: 'account.fillAllFields' };
  if (change.newPassword.length < LIMITS.passwordMin)
    return { kind: 'field', field: 'newPassword', message: 'account.newPasswordTooShort' };
  if (change.confirmPassword !== change.newPassword) {
    return { kind: 'field', field: 'confirmPassword', message: 'account.confirmationMismatch' };
  }
  return null;
}
