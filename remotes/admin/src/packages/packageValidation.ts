/** Digits with an optional dot and up to two decimals (spec 001 §5): "10", "9.9", "24.99". */
const PRICE_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;

export type PackageFieldError = 'nameRequired' | 'creditsPositive' | 'priceInvalid';

export function validateName(name: string): PackageFieldError | null {
  return name.trim() ? null : 'nameRequired';
}

/** Credits are a whole number of at least 1. */
export function validateCredits(credits: string): PackageFieldError | null {
  const value = Number(credits.trim());
  return credits.trim() !== '' && Number.isInteger(value) && value >= 1 ? null : 'creditsPositive';
}

/** The server also wants more than 0 (a free package could be "bought" without paying). */
export function validatePrice(price: string): PackageFieldError | null {
  const text = price.trim();
  return PRICE_PATTERN.test(text) && Number(text) > 0 ? null : 'priceInvalid';
}

export type BonusError = 'bonusInvalid' | 'bonusTooHigh';

/** Bonus credits are a whole number of at least 0 and part of the package's credits. */
export function validateBonus(bonus: string, credits: string): BonusError | null {
  const text = bonus.trim() || '0';
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) return 'bonusInvalid';
  const total = Number(credits.trim());
  return Number.isInteger(total) && value > total ? 'bonusTooHigh' : null;
}
