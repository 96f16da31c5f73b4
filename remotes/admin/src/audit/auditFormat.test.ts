import { AUDIT_ACTIONS } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_IDS, actionLabelKey, detailsText } from './auditFormat.ts';

describe('audit log formatting', () => {
  it('offers every action the contract knows, once', () => {
    expect([...AUDIT_ACTION_IDS].sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(actionLabelKey('user.credits_adjusted')).toBe('security.action_user_credits_adjusted');
  });

  it('reads changes as before → after', () => {
    expect(detailsText({ credits: { before: 10, after: 55 }, name: 'Starter', email: { before: null, after: 'a@b.c' } })).toBe(
      'credits: 10 → 55; name: Starter; email: — → a@b.c',
    );
  });
});
