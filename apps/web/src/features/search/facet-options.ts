import type { TFacetCount } from '@dsm/contracts';

/** One value a facet group offers: its label and how many matching offers have it (null: not counted). */
export type TFacetOption = { value: string; label: string; count: number | null };

/**
 * The values a facet group lists: the offered ones in their order (the facet's, most frequent first,
 * then any the panel knows besides), followed by chosen values no list holds any more, counted 0, so a
 * chosen value can always be unticked. A value the facet does not name has no count: the facet keeps
 * only its 20 most frequent values, so a missing one is not necessarily absent from the results.
 */
export function facetOptions(options: {
  facet: readonly TFacetCount[];
  /** Values the panel lists whether counted or not (the categories and keywords of the catalogue). */
  known?: readonly string[];
  selected: readonly string[];
  labelOf: (value: string) => string;
}): TFacetOption[] {
  const counts = new Map(options.facet.map((entry) => [entry.value, entry.count]));
  const values = [...new Set([...options.facet.map((entry) => entry.value), ...(options.known ?? [])])];
  const listed = new Set(values);
  const missing = options.selected.filter((value) => !listed.has(value));
  return [
    ...values.map((value) => ({ value, label: options.labelOf(value), count: counts.get(value) ?? null })),
    ...missing.map((value) => ({ value, label: options.labelOf(value), count: counts.get(value) ?? 0 })),
  ];
}

/**
 * The options shown while a group is folded: the first `limit`, and any chosen one further down, so
 * folding never hides what narrows the results.
 */
export function visibleOptions(
  options: readonly TFacetOption[],
  selected: readonly string[],
  limit: number,
): TFacetOption[] {
  return options.filter((option, position) => position < limit || selected.includes(option.value));
}

/**
 * A count in the user's number format, '1,204' or '1.204'; '~1,204' when it is an estimate (more than
 * 10,000 matches: counted over the newest 10,000).
 */
export function facetCountText(count: number, isEstimated: boolean, language: string): string {
  const text = new Intl.NumberFormat(language).format(count);
  return isEstimated ? `~${text}` : text;
}
