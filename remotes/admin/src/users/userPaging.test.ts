import { describe, expect, it } from 'vitest';
import { filterUsers, pageButtons, pageCountOf, pageOf, shownRange } from './userPaging.ts';

const users = [
  { id: 1, username: 'alice', email: 'Alice@Example.com' },
  { id: 2, username: 'carol_no_mail', email: null },
  { id: 3, username: 'bob', email: 'bob@test.io' },
];

describe('user filter', () => {
  it('matches a case-insensitive substring of the email', () => {
    expect(filterUsers(users, 'EXAMPLE').map((u) => u.id)).toEqual([1]);
    expect(filterUsers(users, 'test.io').map((u) => u.id)).toEqual([3]);
  });

  it('matches the username too, so users without an email can be found', () => {
    expect(filterUsers(users, 'CAROL').map((u) => u.id)).toEqual([2]);
    expect(filterUsers(users, 'b').map((u) => u.id)).toEqual([3]);
  });

  it('keeps everyone for an empty or blank filter, and never matches a missing email', () => {
    expect(filterUsers(users, '  ').map((u) => u.id)).toEqual([1, 2, 3]);
    expect(filterUsers(users, 'null')).toEqual([]);
  });
});

describe('user paging', () => {
  it('cuts pages of 10', () => {
    const list = Array.from({ length: 23 }, (_, i) => i + 1);
    expect(pageCountOf(23)).toBe(3);
    expect(pageCountOf(0)).toBe(1);
    expect(pageOf(list, 3)).toEqual([21, 22, 23]);
    expect(pageOf(list, 1)).toHaveLength(10);
  });

  it('shows up to 5 numbered buttons around the current page', () => {
    expect(pageButtons(1, 3)).toEqual([1, 2, 3]);
    expect(pageButtons(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageButtons(5, 9)).toEqual([3, 4, 5, 6, 7]);
    expect(pageButtons(9, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pageButtons(8, 9)).toEqual([5, 6, 7, 8, 9]);
  });

  it('reports the rows shown as X to Y', () => {
    expect(shownRange(1, 23)).toEqual({ from: 1, to: 10 });
    expect(shownRange(3, 23)).toEqual({ from: 21, to: 23 });
    expect(shownRange(1, 0)).toEqual({ from: 0, to: 0 });
  });
});
