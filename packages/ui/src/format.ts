import { LOCALES, useI18n } from '@app/i18n';
import { useMemo } from 'react';

export interface Formats {
  /** "May 1, 2024, 10:00 AM" */
  dateTime(iso: string): string;
  /** "May 1, 2024" */
  date(iso: string): string;
  /** "May 1, 2024", the month spelled out where the language does ("1 tháng 5, 2024") */
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
  const numbers = (options?: Intl.NumberFormatOptions) => {
    const format = new Intl.NumberFormat(locale, options);
    return (value: number) => format.format(value);
  };
  return {
    dateTime: dates({ dateStyle: 'medium', timeStyle: 'short' }),
    date: dates({ dateStyle: 'medium' }),
    longDate: dates({ dateStyle: 'long' }),
    shortDateTime: dates({ month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }),
    number: numbers(),
    signedNumber: numbers({ signDisplay: 'exceptZero' }),
    usd: numbers({ style: 'currency', currency: 'USD' }),
  };
}

/**
 * The formats in the page language's locale, the one the host gives React Aria's widgets, so they follow a
 * language switch. Not a shared entry of the kit: a remote bundles this small module into the chunks that
 * format, which costs the pages that format nothing (/login, /pricing) less than one more shared module.
 * It reaches React Aria not at all, so the copies hold no state of their own.
 */
export function useFormat(): Formats {
  const locale = LOCALES[useI18n().language];
  return useMemo(() => formatsFor(locale), [locale]);
}
