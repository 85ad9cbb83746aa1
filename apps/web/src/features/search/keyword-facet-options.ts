import type { TKeywordFacetCount } from '@dsm/contracts';
import type { TFacetOption } from './facet-options';

/** A keyword the facet offers: one entry for a keyword and its translations, and the keywords it stands for. */
export type TKeywordOption = TFacetOption & { keywords: readonly string[] };

/** The language of a page ('de' of 'de-CH'), as the facet's variants name theirs. */
const baseLanguage = (language: string) => language.split('-')[0]?.toLowerCase() ?? language;

/**
 * The keyword facet's entries as options, most frequent first: each named in the page's language when it is
 * a translation the server folded ('Sonstiges' on a German page, 'miscellaneous' on an English one), with
 * its count; then the chosen keywords no entry stands for, counted 0, so that they can be unticked.
 */
export function keywordFacetOptions(options: {
  facet: readonly TKeywordFacetCount[];
  selected: readonly string[];
  language: string;
}): TKeywordOption[] {
  const language = baseLanguage(options.language);
  const listed = options.facet.map((entry) => ({
    value: entry.value,
    label: entry.variants?.find((variant) => variant.language === language)?.value ?? entry.value,
    count: entry.count,
    keywords: entry.variants?.map((variant) => variant.value) ?? [entry.value],
  }));
  const covered = new Set(listed.flatMap((option) => option.keywords));
  const missing = options.selected
    .filter((keyword) => !covered.has(keyword))
    .map((keyword) => ({ value: keyword, label: keyword, count: 0, keywords: [keyword] }));
  return [...listed, ...missing];
}

/** The options ticked: those standing for a chosen keyword. */
export function chosenKeywordOptions(options: readonly TKeywordOption[], selected: readonly string[]): string[] {
  const chosen = new Set(selected);
  return options
    .filter((option) => option.keywords.some((keyword) => chosen.has(keyword)))
    .map((option) => option.value);
}

/**
 * The keywords to filter by once these options are ticked: every keyword each stands for (the filter matches
 * keywords exactly), and the chosen keywords no option stands for, kept as they were.
 */
export function keywordsOfOptions(
  options: readonly TKeywordOption[],
  ticked: readonly string[],
  selected: readonly string[],
): string[] {
  const isTicked = new Set(ticked);
  const covered = new Set(options.flatMap((option) => option.keywords));
  const keywords = new Set(selected.filter((keyword) => !covered.has(keyword)));
  for (const option of options)
    if (isTicked.has(option.value)) for (const keyword of option.keywords) keywords.add(keyword);
  return [...keywords];
}
