import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGE_NAMES, LANGUAGES, type TLanguage } from '../i18n';
import { useAlert } from '../shared/AlertProvider';

/**
 * The language selector: each language in its own name; the choice switches the interface and is
 * remembered. A language whose texts cannot be loaded (a tab older than the deploy) says so.
 */
export function LanguageSelect({ testId = 'language-select' }: { testId?: string }) {
  const { t, i18n } = useTranslation();
  const showAlert = useAlert();
  const handleChange = async (language: TLanguage) => {
    await changeLanguage(language);
    // Judged by the texts, not the current language: a quicker second choice must not read as a failure.
    if (!i18n.hasResourceBundle(language, 'translation')) showAlert(t('errors.languageFailed'), { type: 'error' });
  };
  return (
    <NativeSelect
      aria-label={t('app.language')}
      data-testid={testId}
      size="xs"
      value={i18n.resolvedLanguage ?? i18n.language}
      data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
      onChange={(event) => void handleChange(event.currentTarget.value as TLanguage)}
    />
  );
}
