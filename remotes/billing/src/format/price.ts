// Dollar amounts in the page's locale, the same one its credit counts use ("$0.010" beside "1,200" in English,
// "0,010 US$" beside "1.200" in Vietnamese), never a mix of the two.
import { LOCALES, useI18n } from '@app/i18n';
import { useMemo } from 'react';

export interface Prices {
  /** The card's headline price: whole dollars, as the spec shows it ("$10"). */
  wholeDollars(price: number): string;
  /** Price of one credit with 3 decimals ("$0.020"); "$0.000" for a package without credits. */
  pricePerCredit(price: number, credits: number): string;
  /** The exact amount charged, in cents precision ("$9.99"), for the dialog and the order summary. */
  exactDollars(price: number): string;
}

export function pricesFor(locale: string): Prices {
  const usd = (digits: number) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits });
  const whole = usd(0);
  const perCredit = usd(3);
  const exact = usd(2);
  return {
    wholeDollars: (price) => whole.format(Math.round(price)),
    pricePerCredit: (price, credits) => perCredit.format(credits > 0 ? price / credits : 0),
    exactDollars: (price) => exact.format(price),
  };
}

/** The price formats in the page language's locale. */
export function usePrices(): Prices {
  const locale = LOCALES[useI18n().language];
  return useMemo(() => pricesFor(locale), [locale]);
}
