import type { TKeywordVariant } from '@dsm/contracts';
import { titleKey } from '../analysis/title-key';
import translations from './keyword-translations.json' with { type: 'json' };

/**
 * One keyword in the catalogue's languages, from `keyword-translations.json`: the catalogue tags offers in
 * German and in English ("Sonstiges" and "miscellaneous"), and the keyword facet counts both as one.
 */
export type TKeywordTranslation = {
  /** What the facet entry is called: its English form. */
  value: string;
  /** The keyword in each language of the table. */
  forms: TKeywordVariant[];
};

/** What keywords are compared by: their words without case, accents or punctuation ('Air' and 'AIR' are one). */
function keyOf(text: string): string {
  return titleKey(text) || text.trim().toLowerCase();
}

const translationsByKey = new Map<string, TKeywordTranslation>();
for (const entry of translations.groups as Record<string, string>[]) {
  const forms = Object.entries(entry).map(([language, value]) => ({ value, language }));
  const translation = { value: entry.en ?? (forms[0]?.value as string), forms };
  for (const form of forms) translationsByKey.set(keyOf(form.value), translation);
}

/**
 * Where a keyword's count goes: keywords of one `key` count as one facet entry, that of their translation
 * when the table has one (null otherwise, where only case, accents or punctuation tell them apart).
 */
export function foldKeyword(text: string): { key: string; translation: TKeywordTranslation | null } {
  const key = keyOf(text);
  const translation = translationsByKey.get(key) ?? null;
  return translation ? { key: `translation\u0000${translation.value}`, translation } : { key, translation: null };
}
