/** The languages the product ships in. English is the fallback. */
export const LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * A translation of `English` (the type of a domain's `en.ts`): exactly its keys, so a missing
 * translation is a type error rather than a blank on screen.
 */
export type Messages<English> = Record<keyof English, string>;

/** The BCP 47 locale each language formats dates and numbers in (React Aria's locale of the page). */
export const LOCALES = { en: 'en-US', vi: 'vi-VN' } as const satisfies Record<Language, string>;
