import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from './de.json';
import en from './en.json';

/** The languages the interface speaks; German is the default. */
export const LANGUAGES = ['de', 'en'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'de';
/** Each language in its own name, so a reader finds theirs whatever language is on. */
export const LANGUAGE_NAMES: Record<TLanguage, string> = { de: 'Deutsch', en: 'English' };
/** localStorage key of the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'language';

export const resources = { de: { translation: de }, en: { translation: en } } as const;

const isLanguage = (value: string | null): value is TLanguage => (LANGUAGES as readonly string[]).includes(value ?? '');

/** The remembered language, or German. */
export function storedLanguage(): TLanguage {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Starts i18next with the remembered language (German by default) and keeps <html lang> in step. */
export function initI18n(language: TLanguage = storedLanguage()): typeof i18next {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      showSupportNotice: false,
      // The resources are bundled, so the first render can already speak the language.
      initAsync: false,
    });
    i18next.on('languageChanged', (next) => {
      document.documentElement.lang = next;
    });
  }
  document.documentElement.lang = i18next.language;
  return i18next;
}

/** Switches the language and remembers the choice. */
export function changeLanguage(language: TLanguage): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Without storage the choice lasts for this page only.
  }
  void i18next.changeLanguage(language);
}
