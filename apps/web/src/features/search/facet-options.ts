import type { TFacetCount } from '@dsm/contracts';
import { formatQuantity } from '../../shared/format/format';

/** One value a facet group offers: its label and how many matching offers have it. */
export type TFacetOption = { value: string; label: string; count: number };

/**
 * The values a facet group lists: the facet's, most frequent first, followed by chosen values it no
 * longer names, counted 0, so a chosen value can always be unticked. (A facet keeps its 20 most frequent
 * values; a chosen value that matches at all is among them, as every offer the filter keeps has one of
 * the chosen values.)
 */
export function facetOptions(options: {
  facet: readonly TFacetCount[];
  selected: readonly string[];
  labelOf: (value: string) => string;
}): TFacetOption[] {
  const listed = new Set(options.facet.map((entry) => entry.value));
  const missing = options.selected.filter((value) => !listed.has(value));
  return [
    ...options.facet.map((entry) => ({ value: entry.value, label: options.labelOf(entry.value), count: entry.count })),
    ...missing.map((value) => ({ value, label: options.labelOf(value), count: 0 })),
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
  // One formatter per language, made once (formatQuantity): a panel shows dozens of counts.
  const text = formatQuantity(count, 0, language);
  return isEstimated ? `~${text}` : text;
}
