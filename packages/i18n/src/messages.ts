import { type Domain, loaders } from './catalog/index.ts';
import type { Language } from './define.ts';
import type { Vars } from './format.ts';

/**
 * A message as the build ships it: a string, or a function for an ICU message with plural or select
 * forms (compiled at build time, see build/icuCatalogues.ts).
 */
export type Message = string | ((vars: Vars) => string);

/** Loaded tables by `language.domain`: only the active language's, only for pages that were shown. */
const tables = new Map<string, Record<string, Message>>();
const pending = new Map<string, Promise<void>>();
/** Domains some page asked for, so a language switch fetches them before it applies. */
const wanted = new Set<Domain>();

const id = (language: Language, domain: Domain) => `${language}.${domain}`;

export function messagesLoaded(language: Language, domains: readonly Domain[]): boolean {
  return domains.every((domain) => tables.has(id(language, domain)));
}

/** Fetches the tables of `domains` in `language` (each once); resolves when all are usable. */
export function loadMessages(language: Language, domains: readonly Domain[]): Promise<void> {
  return Promise.all(
    domains.map((domain) => {
      wanted.add(domain);
      const key = id(language, domain);
      if (tables.has(key)) return undefined;
      let loading = pending.get(key);
      if (!loading) {
        loading = loaders[domain][language]().then((module) => {
          tables.set(key, module.default as Record<string, Message>);
        });
        // A failed fetch (offline) may be retried by the next page that needs it.
        loading.catch(() => pending.delete(key));
        pending.set(key, loading);
      }
      return loading;
    }),
  ).then(() => undefined);
}

/** Every domain a page has asked for so far. */
export function wantedDomains(): Domain[] {
  return [...wanted];
}

/** A message, or undefined while its table is not loaded (or the key is unknown). */
export function lookup(language: Language, domain: string, name: string): Message | undefined {
  return tables.get(`${language}.${domain}`)?.[name];
}
