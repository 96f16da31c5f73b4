import { type Domain, loaders } from './catalog/index.ts';
import type { Language } from './define.ts';

/** Loaded tables by `language.domain`: only the active language's, only for pages that were shown. */
const tables = new Map<string, Record<string, string>>();
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
          tables.set(key, module.default);
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
export function lookup(language: Language, domain: string, name: string): string | undefined {
  return tables.get(`${language}.${domain}`)?.[name];
}
