export { DOMAINS, type Domain, type MessageKey } from './catalog/index.ts';
export { LANGUAGES, type Language, LOCALES, type Messages } from './define.ts';
export { interpolate, type Vars } from './format.ts';
export { I18nProvider, useI18n, useT, WithMessages } from './I18nProvider.tsx';
export { getLanguage, LANGUAGE_COOKIE, setLanguage, subscribeLanguage } from './language.ts';
export { type LedgerEntryText, ledgerText } from './ledger-text.ts';
export { loadMessages, messagesLoaded } from './messages.ts';
export { type Translate, translate } from './translate.ts';
