import { useI18n } from '@app/i18n';
import { useMemo } from 'react';

const LOCALES = { en: 'en-US', vi: 'vi-VN' } as const;

/** Formats a timestamp as a short date and time in the page language (cards and dialog). */
export function useShortDate(): (iso: string) => string {
  const { language } = useI18n();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(LOCALES[language], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
    return (iso: string) => format.format(new Date(iso));
  }, [language]);
}
