import { useMemo } from 'react';
import { useLocale } from 'react-aria-components';

export interface Formats {
  /** "May 1, 2024, 10:00 AM" */
  dateTime(iso: string): string;
  /** "May 1, 2024" */
  date(iso: string): string;
  /** "May 1, 2024" spelled out where the language does ("1 tháng 5, 2024") */
  longDate(iso: string): string;
  /** "May 1, 10:00 AM": cards with little room */
  shortDateTime(iso: string): string;
  /** "1,200" */
  number(value: number): string;
  /** "+1,200", "-5", "0": ledger amounts */
  signedNumber(value: number): string;
  /** "$9.99" */
  usd(value: number): string;
}

/** Every date and number format of the UI in one locale; a timestamp that is not a date is shown as it came. */
export function formatsFor(locale: string): Formats {
  const dates = (options: Intl.DateTimeFormatOptions) => {
    const format = new Intl.DateTimeFormat(locale, options);
    return (iso: string) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : format.format(date);
    };
  };
  const number = new Intl.NumberFormat(locale);
  const signed = new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' });
  const usd = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
  return {
    dateTime: dates({ dateStyle: 'medium', timeStyle: 'short' }),
    date: dates({ dateStyle: 'medium' }),
    longDate: dates({ dateStyle: 'long' }),
    shortDateTime: dates({ month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }),
    number: (value) => number.format(value),
    signedNumber: (value) => signed.format(value),
    usd: (value) => usd.format(value),
  };
}

/** The formats in the page's locale (the one react-aria's I18nProvider holds, set from the chosen language). */
export function useFormat(): Formats {
  const { locale } = useLocale();
  return useMemo(() => formatsFor(locale), [locale]);
}
