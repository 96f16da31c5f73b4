import { loadMessages, type MessageKey, translate } from '@app/i18n';
import { describe, expect, it } from 'vitest';
import { checkPasswordChange } from './passwordChange.ts';

await loadMessages('vi', ['account']);
const vi = (key: string) => translate('vi', key as MessageKey);

describe('change-password checks', () => {
  it('names every empty field at once, on the field (in Vietnamese too)', () => {
    const problems = checkPasswordChange({ currentPassword: '', newPassword: '', confirmPassword: '' });
    expect(problems).toEqual({ currentPassword: 'account.currentPasswordRequired', newPassword: 'account.newPasswordRequired' });
    expect(vi(problems.currentPassword!)).toBe('Vui lòng nhập mật khẩu hiện tại');
    expect(checkPasswordChange({ currentPassword: 'old', newPassword: '', confirmPassword: '' })).toEqual({
      newPassword: 'account.newPasswordRequired',
    });
  });

  it('needs a new password of at least 6 characters', () => {
    expect(checkPasswordChange({ currentPassword: 'old', newPassword: '12345', confirmPassword: '12345' })).toEqual({
      newPassword: 'account.newPasswordTooShort',
    });
  });

  it('refuses the current password as the new one', () => {
    expect(checkPasswordChange({ currentPassword: 'secret12', newPassword: 'secret12', confirmPassword: 'secret12' })).toEqual({
      newPassword: 'account.newPasswordSame',
    });
  });

  it('needs the confirmation to match', () => {
    expect(checkPasswordChange({ currentPassword: 'old', newPassword: '123456', confirmPassword: '123457' })).toEqual({
      confirmPassword: 'account.confirmationMismatch',
    });
    expect(checkPasswordChange({ currentPassword: 'old', newPassword: '123456', confirmPassword: '123456' })).toEqual({});
  });
});
