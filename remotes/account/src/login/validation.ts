import { LIMITS } from '@app/contract/constants';
import type { MessageKey } from '@app/i18n';

/** Client-side checks of the sign-in and register forms (spec 000 §5); each answers a message key or null. */

export function signInUsernameError(value: string): MessageKey | null {
  return value.trim() ? null : 'account.usernameRequired';
}

export function signInPasswordError(value: string): MessageKey | null {
  return value ? null : 'account.passwordRequired';
}

export function registerUsernameError(value: string): MessageKey | null {
  const name = value.trim();
  if (!name) return 'account.usernameRequired';
  return name.length < LIMITS.usernameMin ? 'account.usernameTooShort' : null;
}

// Deliberately loose: one @, a dot in the domain, no spaces. The server has the final word.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Email is optional: empty passes. */
export function emailError(value: string): MessageKey | null {
  const email = value.trim();
  return email && !EMAIL.test(email) ? 'account.emailInvalid' : null;
}

export function registerPasswordError(value: string): MessageKey | null {
  if (!value) return 'account.passwordRequired';
  return value.length < LIMITS.passwordMin ? 'account.passwordTooShort' : null;
}

export function confirmPasswordError(confirm: string, password: string): MessageKey | null {
  if (!confirm) return 'account.confirmRequired';
  return confirm === password ? null : 'account.passwordsMismatch';
}
