/** The languages the product ships in. English is the fallback. */
export const LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * A translation of `English` (the type of a domain's `en.ts`): exactly its keys, so a missing
 * translation is a type error rather than a blank on screen.
 */
export type Messages<English> = Record<keyof English, string>;
