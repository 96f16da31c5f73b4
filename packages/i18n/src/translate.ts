import { catalog, type MessageKey } from './catalog/index.ts';
import type { Language } from './define.ts';
import { interpolate, type Vars } from './format.ts';

export type Translate = (key: MessageKey, vars?: Vars) => string;

/** Looks a key up in the language, then in English, then shows the key itself. */
export function translate(language: Language, key: MessageKey, vars?: Vars): string {
  const dot = key.indexOf('.');
  const domain = catalog[key.slice(0, dot) as keyof typeof catalog];
  const name = key.slice(dot + 1);
  const table = domain[language] as Record<string, string>;
  const text = table[name] ?? (domain.en as Record<string, string>)[name] ?? key;
  return interpolate(text, vars);
}
