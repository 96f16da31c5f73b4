import { createContext, type ReactNode, use, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Domain } from './catalog/index.ts';
import type { Language } from './define.ts';
import { getLanguage, setLanguage, subscribeLanguage } from './language.ts';
import { loadMessages, messagesLoaded } from './messages.ts';
import { type Translate, translate } from './translate.ts';

interface I18nValue {
  language: Language;
  setLanguage: (language: Language) => Promise<void>;
  t: Translate;
}

const I18nContext = createContext<I18nValue | null>(null);

function useStoredLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, getLanguage, getLanguage);
}

function makeValue(language: Language): I18nValue {
  return { language, setLanguage, t: (key, vars) => translate(language, key, vars) };
}

/**
 * Provides the current language to everything below, host and remotes alike.
 * Pass `language` to pin one (tests, previews); otherwise the saved or browser language is used.
 */
export function I18nProvider({ language, children }: { language?: Language; children: ReactNode }) {
  const stored = useStoredLanguage();
  const active = language ?? stored;
  const value = useMemo(() => makeValue(active), [active]);
  useEffect(() => {
    document.documentElement.lang = active;
  }, [active]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The language, its setter and `t`. Works without a provider too (reads the shared store). */
export function useI18n(): I18nValue {
  const fromContext = useContext(I18nContext);
  const stored = useStoredLanguage();
  return useMemo(() => fromContext ?? makeValue(stored), [fromContext, stored]);
}

/** `t('domain.key', { name: value })` in the current language. */
export function useT(): Translate {
  return useI18n().t;
}

// One promise per language and domain list, as React's `use` needs a stable one while it suspends.
const loading = new Map<string, Promise<void>>();

/**
 * Renders `children` once the messages of `domains` are loaded in the current language; until then
 * it suspends, so the nearest <Suspense> shows its fallback (the host puts a skeleton there).
 */
export function WithMessages({ domains, children }: { domains: readonly Domain[]; children: ReactNode }) {
  const { language } = useI18n();
  if (!messagesLoaded(language, domains)) {
    const key = `${language}:${domains.join(',')}`;
    let promise = loading.get(key);
    if (!promise) {
      promise = loadMessages(language, domains).finally(() => loading.delete(key));
      loading.set(key, promise);
    }
    use(promise);
  }
  return children;
}
