import { describe, expect, it } from 'vitest';
import { matchesRoute } from './routing.ts';

describe('matchesRoute', () => {
  it('matches a page exactly (trailing slash allowed), and nested also the addresses below it', () => {
    expect(matchesRoute('/', '/')).toBe(true);
    expect(matchesRoute('/', '/pricing')).toBe(false);
    expect(matchesRoute('/pricing', '/pricing/')).toBe(true);
    expect(matchesRoute('/admin', '/admin/users')).toBe(false);
    expect(matchesRoute('/admin', '/admin/users', true)).toBe(true);
    expect(matchesRoute('/api', '/apis', true)).toBe(false);
  });
});
