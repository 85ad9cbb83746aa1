import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGE_NAMES, LANGUAGES, type TLanguage } from '../i18n';

/** The language selector: each language in its own name; the choice switches the interface and is remembered. */
export function LanguageSelect({ testId = 'language-select' }: { testId?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('app.language')}
      data-testid={testId}
      size="xs"
      value={i18n.resolvedLanguage ?? i18n.language}
      data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
      onChange={(event) => changeLanguage(event.currentTarget.value as TLanguage)}
    />
  );
}
