import type { Language } from '@app/i18n';

const LOCALES: Record<Language, string> = { en: 'en-US', vi: 'vi-VN' };

/** A short date and time in the page language, e.g. "May 1, 2024, 10:00 AM". */
export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A date without time, e.g. "May 1, 2024". */
export function formatDate(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long' }).format(date);
}
