import { describe, expect, it } from 'vitest';
import securityEn from '../../../../packages/i18n/src/catalog/security/en.ts';
import { AUDIT_ACTION_IDS, actionLabelKey, detailsText } from './auditFormat.ts';

describe('audit log formatting', () => {
  it('names every action the log knows', () => {
    expect(actionLabelKey('user.credits_adjusted')).toBe('security.action_user_credits_adjusted');
    const keys = Object.keys(securityEn);
    for (const action of AUDIT_ACTION_IDS) expect(keys).toContain(actionLabelKey(action).replace('security.', ''));
  });

  it('reads changes as before → after', () => {
    expect(detailsText({ credits: { before: 10, after: 55 }, name: 'Starter', email: { before: null, after: 'a@b.c' } })).toBe(
      'credits: 10 → 55; name: Starter; email: — → a@b.c',
    );
  });
});
