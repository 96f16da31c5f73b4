import { describe, expect, it } from 'vitest';
import { AdminCreditsUpdate, CreditPackageCreate, CreditPackageUpdate } from './admin.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('credit package price', () => {
  it.each([
    ['9.99', '9.99'],
    [' 10 ', '10'],
    [19.9, '19.9'],
  ])('reads %j as the price %j', (price, read) => {
    expect(CreditPackageCreate.parse({ name: 'Starter', credits: 500, price }).price).toBe(read);
  });

  it.each([['0'], [0], ['9.999'], ['-1'], ['1e3'], ['abc'], [''], [null]])('refuses %j with the spec message', (price) => {
    expect(messages(CreditPackageCreate.safeParse({ name: 'Starter', credits: 500, price }))).toContain('price: Price must be valid');
  });
});

describe('credit package bonus', () => {
  it('may equal the credits', () => {
    expect(CreditPackageCreate.parse({ name: 'Starter', credits: 100, price: 5, bonus: 100 }).bonus).toBe(100);
  });

  it('may not exceed the credits, on create and on update, and the message names the bonus', () => {
    expect(messages(CreditPackageCreate.safeParse({ name: 'Starter', credits: 100, price: 5, bonus: 101 }))).toEqual([
      'bonus: Bonus cannot exceed credits',
    ]);
    expect(messages(CreditPackageUpdate.safeParse({ credits: 100, bonus: 101 }))).toEqual(['bonus: Bonus cannot exceed credits']);
  });

  it('is not compared on an update that changes only one of the two (the server checks it against the stored package)', () => {
    expect(CreditPackageUpdate.safeParse({ bonus: 5000 }).success).toBe(true);
  });

  it('defaults a new package to active, not popular, no bonus', () => {
    expect(CreditPackageCreate.parse({ name: 'Starter', credits: 1, price: '1' })).toMatchObject({
      isActive: true,
      popular: false,
      bonus: 0,
    });
  });
});

describe('admin balance', () => {
  it.each([
    [250, 250],
    ['250', 250],
    [' 12 ', 12],
    [0, 0],
  ])('reads %j as %j', (credits, read) => {
    expect(AdminCreditsUpdate.parse({ credits }).credits).toBe(read);
  });

  it.each([[-1], ['-5'], [1.5], ['10abc'], ['text'], [''], ['1e3'], ['12.0'], [null], [false]])(
    'refuses %j, naming the field',
    (credits) => {
      const result = AdminCreditsUpdate.safeParse({ credits });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['credits', 'Credits must be a whole number of at least 0'],
      ]);
    },
  );

  it('takes an optional reason, trimmed', () => {
    expect(AdminCreditsUpdate.parse({ credits: 5, reason: '  goodwill  ' })).toEqual({ credits: 5, reason: 'goodwill' });
    expect(AdminCreditsUpdate.safeParse({ credits: 5, reason: 'x'.repeat(121) }).success).toBe(false);
  });
});
