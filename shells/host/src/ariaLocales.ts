/**
 * React Aria's locale for each language of the app. The build keeps React Aria's own strings (a select's
 * or a table's screen-reader texts) for these locales only; React Aria has none for Vietnamese and
 * falls back to its en-US strings, as it did before the others were dropped.
 */
export const ARIA_LOCALES = { en: 'en-US', vi: 'vi-VN' } as const;
