import {
  DEFAULT_PAGE_SIZE,
  PAYMENT_MODELS,
  RESULT_CAP,
  SEARCH_SORTS,
  splitQuery,
  type TPageSize,
  type TSearchSort,
  ZSearchFilter,
} from '@dsm/contracts';
import { z } from 'zod';
import {
  DEFAULT_SORT,
  EMPTY_FILTER,
  OPTIONAL_LISTS,
  parsePageSize,
  type TFilterState,
  type TParamProblem,
  type TResultsParams,
  unique,
  withList,
  withModifiedRange,
} from '../../shared/search/results-params';
import { addTerms, isWithinLimits, withoutControlCharacters } from '../../shared/search/search-terms';

// Reading a results URL, apart from building one (results-params.ts): its schemas are made as this
// module loads, and the home page, which only builds links to results, does without them.

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

/** Parses a result order, null when it is not one the search API knows. */
export function parseSort(text: string | null): TSearchSort | null {
  return (SEARCH_SORTS as readonly (string | null)[]).includes(text) ? (text as TSearchSort) : null;
}

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
 * The searchText parameter's terms without control characters (no search matches them, and the
 * database refuses some), cut to the search bar's limits; isCut when the link exceeded them.
 */
function parseTerms(raw: string | null): { terms: string[]; isCut: boolean } {
  const terms = [...new Set(splitQuery(raw).map(withoutControlCharacters).filter(Boolean))];
  if (isWithinLimits(terms)) return { terms, isCut: false };
  return { terms: addTerms([], terms).terms, isCut: true };
}

/**
 * Reads searchText, topics, filter, page, pageSize, sort and exact. Categories chosen through `topics` join the
 * filter's categories. A value that cannot be used falls back to its default and is named in
 * `problems`, so the page can say so instead of failing.
 */
export function parseResultsParams(params: URLSearchParams): TResultsParams {
  const problems: TParamProblem[] = [];
  const { terms, isCut } = parseTerms(params.get('searchText'));
  if (isCut) problems.push('searchText');
  let filter = parseFilter(params.get('filter'));
  if (filter) {
    filter = {
      ...filter,
      selectedCategories: unique([...filter.selectedCategories, ...splitQuery(params.get('topics'))]),
    };
  }
  if (!filter || !isSearchableFilter(filter)) {
    problems.push('filter');
    const topics = unique(splitQuery(params.get('topics')));
    filter = { ...EMPTY_FILTER, selectedCategories: topics };
    if (!isSearchableFilter(filter)) filter = { ...EMPTY_FILTER };
  }

  let pageSize: TPageSize = DEFAULT_PAGE_SIZE;
  const rawPageSize = params.get('pageSize');
  if (rawPageSize !== null) {
    const size = parsePageSize(rawPageSize);
    if (size === null) problems.push('pageSize');
    else pageSize = size;
  }

  let index = 0;
  const rawPage = params.get('page');
  if (rawPage !== null) {
    const page = rawPage.trim() === '' ? Number.NaN : Number(rawPage);
    if (Number.isInteger(page) && page >= 0 && page * pageSize < RESULT_CAP) index = page;
    else problems.push('page');
  }

  let sort = DEFAULT_SORT;
  const rawSort = params.get('sort');
  if (rawSort !== null) {
    const parsed = parseSort(rawSort);
    if (parsed === null) problems.push('sort');
    else sort = parsed;
  }

  const rawExact = params.get('exact');
  // Only the page writes this parameter, and only as '1'; anything else was edited by hand.
  if (rawExact !== null && rawExact !== '1') problems.push('exact');
  const isExact = rawExact === '1';
  return { terms, filter, index, pageSize, sort, isExact, problems };
}
