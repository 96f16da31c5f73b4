import { Username } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { usernameBase, usernameCandidate } from './google-username.ts';

describe('usernames for new Google accounts', () => {
  it.each([
    [{ email: 'ann.lee@example.com', name: 'Ann Lee' }, 'ann.lee'],
    [{ email: null, name: 'Ann Lee' }, 'AnnLee'],
    [{ email: 'a+b@example.com', name: null }, 'ab_user'],
    [{ email: '+@example.com', name: '<>' }, 'user'],
    [{ email: 'Ｊｏｓé@example.com', name: null }, 'José'],
    [{ email: `${'x'.repeat(60)}@example.com`, name: null }, 'x'.repeat(40)],
  ])('%o -> %s', (identity, expected) => {
    expect(usernameBase(identity)).toBe(expected);
  });

  it('always gives names the sign-up rule accepts, with a 4-digit suffix after the first try', () => {
    for (const identity of [
      { email: 'ü@x.y', name: null },
      { email: null, name: '李小龍' },
      { email: `${'q'.repeat(80)}@x.y`, name: null },
    ]) {
      const base = usernameBase(identity);
      expect(Username.safeParse(usernameCandidate(base, 0)).success).toBe(true);
      const retry = usernameCandidate(base, 3);
      expect(retry).toMatch(new RegExp(`^${base}_\\d{4}$`));
      expect(Username.safeParse(retry).success).toBe(true);
    }
  });
});
