import { describe, expect, it } from 'vitest';
import { ChangePasswordBody, RegisterBody } from './account.ts';

const messages = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('registration', () => {
  it('trims the username and takes an empty email as none given', () => {
    expect(RegisterBody.parse({ username: '  alice ', email: '', password: 'secret' })).toEqual({
      username: 'alice',
      email: '',
      password: 'secret',
    });
  });

  it.each([
    [{ username: 'al', password: 'secret' }, 'Username must be at least 3 characters'],
    [{ username: 'a'.repeat(51), password: 'secret' }, 'Username must be at most 50 characters'],
    [{ username: 'al ice', password: 'secret' }, 'Username may contain letters, digits and _ . @ - only'],
    [{ username: 'alice', password: 'short' }, 'Password must be at least 6 characters'],
    [{ username: 'alice', email: 'not-an-address', password: 'secret' }, 'Invalid email address'],
  ])('refuses %j: %s', (body, message) => {
    expect(messages(RegisterBody.safeParse(body))).toContain(message);
  });

  it('accepts letters of any script and digits in usernames', () => {
    expect(RegisterBody.safeParse({ username: 'Nguyễn_01', password: 'secret' }).success).toBe(true);
  });
});

describe('password change', () => {
  it('needs the current password and a new one of at least 6 characters', () => {
    expect(messages(ChangePasswordBody.safeParse({ currentPassword: '', newPassword: 'abc' }))).toEqual([
      'Current password is required',
      'Password must be at least 6 characters',
    ]);
  });
});
