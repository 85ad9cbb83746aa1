import { currentLanguage } from './format';

/** A country's name in the page's language ('Germany', 'Deutschland'), or its code where none is known. */
export function formatCountry(code: string, language: string = currentLanguage()): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Countries by name, joined as a list of the page's language ('Austria and Germany'). */
export function formatCountries(codes: readonly string[], language: string = currentLanguage()): string {
  const names = codes.map((code) => formatCountry(code, language));
  try {
    return new Intl.ListFormat(language, { type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}
