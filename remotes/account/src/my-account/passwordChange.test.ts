import { loadMessages, type MessageKey, translate } from '@app/i18n';
import { describe, expect, it } from 'vitest';
import { checkPasswordChange } from './passwordChange.ts';

await loadMessages('vi', ['account']);
const vi = (key: string) => translate('vi', key as MessageKey);

describe('change-password checks', () => {
  it('asks for both passwords first, with the spec wording in Vietnamese', () => {
    const problem = checkPasswordChange({ currentPassword: '', newPassword: 'secret12', confirmPassword: 'secret12' });
    expect(problem).toEqual({ kind: 'toast', message: 'account.fillAllFields' });
    expect(vi(problem!.message)).toBe('Vui lòng điền đầy đủ thông tin');
    expect(checkPasswordChange({ currentPassword: 'old', newPassword: '', confirmPassword: '' })?.kind).toBe('toast');
  });

  it('needs a new password of at least 6 characters', () => {
    expect(checkPasswordChange({ currentPassword: 'old', newPassword: '12345', confirmPassword: '12345' })).toEqual({
      kind: 'field',
      field: 'newPassword',
      message: 'account.newPasswordTooShort',
    });
  });

  it('needs the confirmation to match', () => {
    expect(checkPasswordChange({ currentPassword: 'old', newPassword: '123456', confirmPassword: '123457' })).toEqual({
      kind: 'field',
      field: 'confirmPassword',
      message: 'account.confirmationMismatch',
    });
    expect(checkPasswordChange({ currentPassword: 'old', newPassword: '123456', confirmPassword: '123456' })).toBeNull();
  });
});
