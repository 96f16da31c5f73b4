import { LANGUAGES, type Language } from './define.ts';
import { loadMessages, wantedDomains } from './messages.ts';

const STORAGE_KEY = 'app-language';
/**
 * The saved choice, mirrored in a cookie: the server paints a page's first frame (before any script runs) in
 * the language the app will use; without the cookie it goes by Accept-Language, as `navigator.languages` does.
 */
export const LANGUAGE_COOKIE = 'app-language';
const listeners = new Set<() => void>();

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function savedChoice(): Language | undefined {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return isLanguage(saved) ? saved : undefined;
  } catch {
    // storage can be blocked (private mode, sandboxed frames): fall through to the browser
    return undefined;
  }
}

/** Keeps the cookie equal to the saved choice (none: no cookie, so the browser's preference rules there too). */
function mirrorCookie(saved: Language | undefined): void {
  if (typeof document === 'undefined') return;
  const cookie = new RegExp(`(?:^|; )${LANGUAGE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
  if (cookie === saved) return;
  const value = saved ? `${saved}; Max-Age=31536000` : '; Max-Age=0';
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed name and a language code, set synchronously before the first render; the Cookie Store API is not in every browser the app supports.
  document.cookie = `${LANGUAGE_COOKIE}=${value}; Path=/; SameSite=Lax`;
}

/** The saved choice, else the browser's preferred language, else English. */
function detect(): Language {
  const saved = savedChoice();
  mirrorCookie(saved);
  if (saved) return saved;
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
    mirrorCookie(language);
  } catch {
    // not persisted; the switch still applies to this page
  }
  for (const listener of listeners) listener();
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
