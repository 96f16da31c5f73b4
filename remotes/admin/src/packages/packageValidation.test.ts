import { describe, expect, it } from 'vitest';
import { validateBonus, validateCredits, validateName, validatePrice } from './packageValidation.ts';

describe('package form validation', () => {
  it('requires a name that is not blank', () => {
    expect(validateName('Starter')).toBeNull();
    expect(validateName('   ')).toBe('nameRequired');
  });

  it('wants whole credits of at least 1', () => {
    expect(validateCredits('500')).toBeNull();
    expect(validateCredits('1')).toBeNull();
    for (const bad of ['0', '-5', '2.5', 'abc', '']) expect(validateCredits(bad), bad).toBe('creditsPositive');
  });

  it('accepts digits with up to two decimals above 0 as a price', () => {
    for (const good of ['10', '9.9', '24.99', '0.5']) expect(validatePrice(good), good).toBeNull();
    for (const bad of ['9.999', '$10', '-1', '1,5', '.5', '', '0', '0.00']) expect(validatePrice(bad), bad).toBe('priceInvalid');
  });
});

describe('package bonus validation', () => {
  it('takes empty as 0 and wants a whole number within the credits', () => {
    expect(validateBonus('', '100')).toBeNull();
    expect(validateBonus('100', '100')).toBeNull();
    expect(validateBonus('101', '100')).toBe('bonusTooHigh');
    expect(validateBonus('-1', '100')).toBe('bonusInvalid');
    expect(validateBonus('1.5', '100')).toBe('bonusInvalid');
  });
});
