import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_NAMES, LANGUAGES, type TLanguage } from '@dsm/contracts/languages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from './de.json';
import { LANGUAGE_STORAGE_KEY } from './language-key';

export { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGE_STORAGE_KEY, LANGUAGES, type TLanguage };

/** The resource shape every language follows: German's keys. */
export type TResource = typeof de;

/** German, the default and fallback, ships in the first download. */
export const resources = { de: { translation: de } } as const;

/**
 * The other languages load on first use, so five more dictionaries stay out of the initial
 * JavaScript budget (docs/performance.md). index.html's landing preload fetches the remembered
 * one's file while the main script downloads (vite.config.ts), and main.tsx waits for it before
 * the first render.
 */
const LAZY_RESOURCES: Partial<Record<TLanguage, () => Promise<{ default: TResource }>>> = {
  en: () => import('./en.json'),
  fr: () => import('./fr.json'),
  es: () => import('./es.json'),
  it: () => import('./it.json'),
  pt: () => import('./pt.json'),
};

/** The remembered language, or German. */
export function storedLanguage(): TLanguage {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Fetches a language's texts unless they are loaded; resolves false when they cannot be. */
export async function loadLanguage(language: TLanguage): Promise<boolean> {
  if (i18next.hasResourceBundle(language, 'translation')) return true;
  const load = LAZY_RESOURCES[language];
  if (!load) return false;
  try {
    i18next.addResourceBundle(language, 'translation', (await load()).default);
    return true;
  } catch {
    return false;
  }
}

let ready: Promise<void> = Promise.resolve();

/**
 * Starts i18next and keeps <html lang> in step. A language whose texts are loaded (German always)
 * is on at once; another starts in German and switches when its texts arrive (see languageReady).
 */
export function initI18n(language: TLanguage = storedLanguage()): typeof i18next {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources,
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      showSupportNotice: false,
      // German's texts are bundled, so i18next is ready as soon as init returns.
      initAsync: false,
    });
    i18next.on('languageChanged', (next) => {
      document.documentElement.lang = next;
    });
  }
  document.documentElement.lang = i18next.language;
  ready = switchTo(language);
  return i18next;
}

/** Resolves once the language initI18n was given is on (or could not be loaded and German stays). */
export function languageReady(): Promise<void> {
  return ready;
}

function switchTo(language: TLanguage): Promise<void> {
  // A loaded language switches at once: the first render of a German page waits for nothing.
  if (i18next.hasResourceBundle(language, 'translation')) {
    return i18next.language === language ? Promise.resolve() : i18next.changeLanguage(language).then(() => undefined);
  }
  return loadLanguage(language).then(async (isLoaded) => {
    if (isLoaded) await i18next.changeLanguage(language);
  });
}

/** Switches the language and remembers the choice; a loaded language switches synchronously. */
export function changeLanguage(language: TLanguage): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Without storage the choice lasts for this page only.
  }
  return switchTo(language);
}
