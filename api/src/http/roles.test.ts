import type { Role } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../errors.ts';
import type { Principal } from './context.ts';
import { admit } from './roles.ts';

const user: Principal = { id: 'u', username: 'user', isAdmin: false, isActive: true };
const admin: Principal = { ...user, isAdmin: true };
const disabled: Principal = { ...admin, isActive: false };

/** The status a caller gets, or 'ok'. */
function outcome(role: Role, state: { user?: Principal; tokenUser?: Principal }): number | 'ok' {
  try {
    admit(role, state);
    return 'ok';
  } catch (error) {
    return (error as HttpProblem).status;
  }
}

describe('admit', () => {
  it.each([
    ['anonymous', {}, 'ok'],
    ['user', {}, 401],
    ['user', { user }, 'ok'],
    ['user', { user: disabled }, 401],
    ['user', { tokenUser: user }, 401],
    ['admin', {}, 401],
    ['admin', { user }, 403],
    ['admin', { user: admin }, 'ok'],
    ['admin', { user: disabled }, 401],
    ['token', {}, 401],
    ['token', { user }, 401],
    ['token', { tokenUser: user }, 'ok'],
    ['token', { tokenUser: disabled }, 401],
  ] as const)('%s with %o -> %s', (role, state, expected) => {
    expect(outcome(role, state)).toBe(expected);
  });

  it('throws problems, not plain errors', () => {
    expect(() => admit('admin', { user })).toThrow(HttpProblem);
  });

  it('hands over the caller the role let through', () => {
    const owner: Principal = { ...user, id: 'owner', tokenId: 't' };
    expect(admit('anonymous', {})).toBeUndefined();
    expect(admit('anonymous', { user: disabled })).toBe(disabled);
    expect(admit('user', { user, tokenUser: owner })).toBe(user);
    expect(admit('admin', { user: admin })).toBe(admin);
    expect(admit('token', { user, tokenUser: owner })).toBe(owner);
  });
});
