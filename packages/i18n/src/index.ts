export { catalog, type MessageKey } from './catalog/index.ts';
export { defineMessages, LANGUAGES, type Language } from './define.ts';
export { interpolate, type Vars } from './format.ts';
export { I18nProvider, useI18n, useT } from './I18nProvider.tsx';
export { getLanguage, setLanguage, subscribeLanguage } from './language.ts';
export { type Translate, translate } from './translate.ts';
