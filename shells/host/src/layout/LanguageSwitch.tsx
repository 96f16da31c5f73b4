import { LANGUAGES, type Language, useI18n } from '@app/i18n';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';

/** EN / VI segmented switch; the choice is remembered in localStorage by @app/i18n. */
export function LanguageSwitch() {
  const { language, setLanguage, t } = useI18n();
  return (
    <ToggleButtonGroup
      aria-label={t('common.language')}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[language]}
      onSelectionChange={(keys) => {
        const next = [...keys][0];
        if (next) void setLanguage(next as Language);
      }}
      className="language-switch"
    >
      {LANGUAGES.map((lang) => (
        <ToggleButton
          key={lang}
          id={lang}
          className="language-switch-option"
          aria-label={t(lang === 'en' ? 'common.languageEn' : 'common.languageVi')}
        >
          {lang.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
