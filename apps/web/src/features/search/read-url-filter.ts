import { PAYMENT_MODELS, splitQuery, ZSearchFilter } from '@dsm/contracts';
import { z } from 'zod';
import {
  EMPTY_FILTER,
  OPTIONAL_LISTS,
  type TFilterState,
  type TResultsParams,
  unique,
  withList,
  withModifiedRange,
} from '../../shared/search/results-params';
import { readResultsParams, type TUrlFilter } from './read-results-params';

// Reading a results URL's filter, apart from the rest of the URL (read-results-params.ts): its schemas
// bring zod, which the results page loads only for a URL with a filter (search-contracts.ts).

const ZFilterParam = z.object({
  selectedCategories: z.array(z.string()).default([]),
  selectedKeywords: z.array(z.string()).default([]),
  priceRange: z
    .object({
      from: z.number().nonnegative().nullable().default(null),
      to: z.number().nonnegative().nullable().default(null),
    })
    .default({ from: null, to: null }),
  hasWorkingEndpoint: z.boolean().optional(),
  selectedFormats: z.array(z.string()).default([]),
  selectedLicences: z.array(z.string()).default([]),
  selectedPublishers: z.array(z.string()).default([]),
  selectedPaymentModels: z.array(z.enum(PAYMENT_MODELS)).default([]),
  modifiedRange: z
    .object({ from: z.string().nullable().default(null), to: z.string().nullable().default(null) })
    .default({ from: null, to: null }),
});

function parseFilter(raw: string | null): TFilterState | null {
  if (raw === null || raw.trim() === '') return { ...EMPTY_FILTER };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = ZFilterParam.safeParse(json);
  if (!parsed.success) return null;
  const { from, to } = parsed.data.priceRange;
  // The API refuses an inverted range; the panel never writes one, so the link was edited by hand.
  if (from !== null && to !== null && from > to) return null;
  let filter: TFilterState = {
    selectedCategories: unique(parsed.data.selectedCategories),
    selectedKeywords: unique(parsed.data.selectedKeywords),
    priceRange: { from, to },
    ...(parsed.data.hasWorkingEndpoint ? { hasWorkingEndpoint: true as const } : {}),
  };
  for (const key of Object.values(OPTIONAL_LISTS)) filter = withList(filter, key, parsed.data[key]);
  return withModifiedRange(filter, parsed.data.modifiedRange);
}

/** True when the search API takes the filter: no empty or overlong value, not too many of them. */
function isSearchableFilter(filter: TFilterState): boolean {
  return ZSearchFilter.safeParse({
    categories: filter.selectedCategories,
    keywords: filter.selectedKeywords,
    minPrice: filter.priceRange.from,
    maxPrice: filter.priceRange.to,
    hasWorkingEndpoint: filter.hasWorkingEndpoint === true,
    formats: filter.selectedFormats ?? [],
    licences: filter.selectedLicences ?? [],
    publishers: filter.selectedPublishers ?? [],
    paymentModels: filter.selectedPaymentModels ?? [],
    modifiedFrom: filter.modifiedRange?.from ?? null,
    modifiedTo: filter.modifiedRange?.to ?? null,
  }).success;
}

/**
 * Reads the filter and topics parameters: categories chosen through `topics` join the filter's categories.
 * A filter that cannot be used falls back to the topics alone (or to no filter), and `isValid` is false.
 */
export function readUrlFilter(params: URLSearchParams): TUrlFilter {
  let filter = parseFilter(params.get('filter'));
  if (filter) {
    filter = {
      ...filter,
      selectedCategories: unique([...filter.selectedCategories, ...splitQuery(params.get('topics'))]),
    };
  }
  if (filter && isSearchableFilter(filter)) return { filter, isValid: true };
  const topics = unique(splitQuery(params.get('topics')));
  const fallback = { ...EMPTY_FILTER, selectedCategories: topics };
  return { filter: isSearchableFilter(fallback) ? fallback : { ...EMPTY_FILTER }, isValid: false };
}

/** Reads a whole results URL, its filter too (see readResultsParams). */
export function parseResultsParams(params: URLSearchParams): TResultsParams {
  return readResultsParams(params, readUrlFilter);
}
