/**
 * A whole number typed in the page's locale: digits, optionally grouped the way that locale groups them
 * ("1,000" in English, "1.000" in Vietnamese). Anything else (a decimal, a sign, letters) is NaN, which the
 * field's range check reports.
 */
export function parseWholeNumber(text: string, locale: string): number {
  const group = new Intl.NumberFormat(locale).formatToParts(1000).find((part) => part.type === 'group')?.value ?? '';
  const digits = (group ? text.split(group).join('') : text).trim();
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
}
