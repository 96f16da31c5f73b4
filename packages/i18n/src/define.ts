/** The languages the product ships in. English is the fallback. */
export const LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * A translation of `English` (the type of a domain's `en.ts`): exactly its keys, so a missing
 * translation is a type error rather than a blank on screen.
 */
export type Messages<English> = Record<keyof English, string>;

/**
 * The BCP 47 locale each language formats dates and numbers in. The host's build keeps React Aria's own strings for
 * these locales only; React Aria has none for Vietnamese and falls back to its en-US strings.
 */
export const LOCALES: Record<Language, string> = { en: 'en-US', vi: 'vi-VN' };
