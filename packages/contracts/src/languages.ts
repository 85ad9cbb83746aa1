/**
 * The languages the product speaks, in the language selector's order: the web's interface, the sign-in pages and
 * the alert mails. German is the default. Listed here once; every other list derives from it.
 */
export const LANGUAGES = ['de', 'en', 'fr', 'es', 'it', 'pt'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'de';

/** Each language in its own name, so a reader finds theirs whatever language is on. */
export const LANGUAGE_NAMES: Record<TLanguage, string> = {
  de: 'Deutsch',
  en: 'English',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  pt: 'Português',
};

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
