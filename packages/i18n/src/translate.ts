import type { MessageKey } from './catalog/index.ts';
import type { Language } from './define.ts';
import { interpolate, type Vars } from './format.ts';
import { lookup } from './messages.ts';

export type Translate = (key: MessageKey, vars?: Vars) => string;

/**
 * Looks a key up in the language, then in English (if loaded), then shows the key itself. An ICU message
 * gets its numbers as numbers (`{ count: 3 }`): it picks the plural form and writes them in the language.
 */
export function translate(language: Language, key: MessageKey, vars?: Vars): string {
  const dot = key.indexOf('.');
  const domain = key.slice(0, dot);
  const name = key.slice(dot + 1);
  const message = lookup(language, domain, name) ?? lookup('en', domain, name) ?? key;
  return typeof message === 'function' ? message(vars ?? {}) : interpolate(message, vars);
}
