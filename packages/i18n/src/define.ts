/** The languages the product ships in. English is the fallback. */
export const LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Declares one domain's messages. The Vietnamese table must have exactly the English keys,
 * so a missing translation is a type error rather than a blank on screen.
 */
export function defineMessages<K extends string>(messages: { en: Record<K, string>; vi: Record<NoInfer<K>, string> }) {
  return messages;
}
