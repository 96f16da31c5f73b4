import { loadMessages, type MessageKey, translate } from '@app/i18n';
import { describe, expect, it } from 'vitest';
import {
  confirmPasswordError,
  emailError,
  registerPasswordError,
  registerUsernameError,
  signInPasswordError,
  signInUsernameError,
} from './validation.ts';

await loadMessages('en', ['account']);
const english = (key: string | null) => (key ? translate('en', key as MessageKey) : null);

describe('sign-in checks', () => {
  it('require a username and a password with the spec wording', () => {
    expect(english(signInUsernameError('   '))).toBe('Username is required');
    expect(english(signInPasswordError(''))).toBe('Password is required');
    expect(signInUsernameError('ann')).toBeNull();
    // A short password may still be an old valid one: sign-in only checks presence.
    expect(signInPasswordError('x')).toBeNull();
  });
});

describe('register checks', () => {
  it('needs a username of at least 3 characters', () => {
    expect(english(registerUsernameError('an'))).toBe('Username must be at least 3 characters');
    expect(english(registerUsernameError(''))).toBe('Username is required');
    expect(registerUsernameError(' ann ')).toBeNull();
  });

  it('accepts an empty email but not a malformed one', () => {
    expect(emailError('')).toBeNull();
    expect(emailError('ann@example.com')).toBeNull();
    expect(english(emailError('ann@example'))).toBe('Invalid email address');
    expect(english(emailError('ann example.com'))).toBe('Invalid email address');
  });

  it('needs a password of at least 6 characters, confirmed exactly', () => {
    expect(english(registerPasswordError('12345'))).toBe('Password must be at least 6 characters');
    expect(registerPasswordError('123456')).toBeNull();
    expect(english(confirmPasswordError('', 'secret1'))).toBe('Please confirm your password');
    expect(english(confirmPasswordError('secret2', 'secret1'))).toBe("Passwords don't match");
    expect(confirmPasswordError('secret1', 'secret1')).toBeNull();
  });
});
