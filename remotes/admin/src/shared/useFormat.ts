import { useI18n } from '@app/i18n';
import { useMemo } from 'react';

const LOCALES = { en: 'en-US', vi: 'vi-VN' } as const;

/** Dates and numbers in the user's language. */
export function useFormat() {
  const { language } = useI18n();
  return useMemo(() => {
    const locale = LOCALES[language];
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    const number = new Intl.NumberFormat(locale);
    const usd = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
    return {
      dateTime: (value: string) => dateTime.format(new Date(value)),
      date: (value: string) => date.format(new Date(value)),
      number: (value: number) => number.format(value),
      usd: (value: number) => usd.format(value),
    };
  }, [language]);
}
