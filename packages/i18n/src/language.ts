import { LANGUAGES, type Language } from './define.ts';
import { loadMessages, wantedDomains } from './messages.ts';

const STORAGE_KEY = 'app-language';
const listeners = new Set<() => void>();

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The saved choice, else the browser's preferred language, else English. */
function detect(): Language {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // storage can be blocked (private mode, sandboxed frames): fall through to the browser
  }
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

let current: Language = detect();

export function getLanguage(): Language {
  return current;
}

let latest = 0;

/**
 * Switches language everywhere (host and every remote share this module) and remembers it. The
 * messages of the pages shown so far are fetched first, so nothing renders half-translated.
 */
export function setLanguage(language: Language): Promise<void> {
  const request = ++latest;
  // A failed fetch still switches: missing texts fall back to English or show their key.
  return loadMessages(language, wantedDomains())
    .catch(() => undefined)
    .then(() => {
      if (request === latest) apply(language);
    });
}

function apply(language: Language): void {
  if (language === current) return;
  current = language;
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // not persisted; the switch still applies to this page
  }
  for (const listener of listeners) listener();
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
