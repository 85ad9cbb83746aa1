import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  PAYMENT_MODELS,
  RESULT_CAP,
  SEARCH_SORTS,
  splitQuery,
  type TPageSize,
  type TPaymentModel,
  type TSearchSort,
  ZSearchFilter,
} from '@dsm/contracts';
import { z } from 'zod';
import { addTerms, isWithinLimits, joinTerms, withoutControlCharacters } from './search-terms';

/** The filter state kept in the `filter` parameter as JSON. */
export type TFilterState = {
  selectedCategories: string[];
  selectedKeywords: string[];
  priceRange: { from: number | null; to: number | null };
  /** Only offers with an endpoint the server last found online; left out when off. */
  hasWorkingEndpoint?: true;
  /** Distribution formats as the facet lists them; left out when none is chosen (so are the next ones). */
  selectedFormats?: string[];
  selectedLicences?: string[];
  selectedPublishers?: string[];
  selectedPaymentModels?: TPaymentModel[];
  /** Inclusive modification days, 'YYYY-MM-DD'; left out when neither bound is set. */
  modifiedRange?: TDateRange;
};

/** A range of days written 'YYYY-MM-DD', either bound open (null). */
export type TDateRange = { from: string | null; to: string | null };

/** The filter lists that may be left out of the state when empty, each named as its facet. */
export const OPTIONAL_LISTS = {
  formats: 'selectedFormats',
  licences: 'selectedLicences',
  publishers: 'selectedPublishers',
  paymentModels: 'selectedPaymentModels',
} as const;
export type TOptionalList = (typeof OPTIONAL_LISTS)[keyof typeof OPTIONAL_LISTS];

/** No category, no keyword, no price bound. */
export const EMPTY_FILTER: TFilterState = {
  selectedCategories: [],
  selectedKeywords: [],
  priceRange: { from: null, to: null },
};

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

/** A URL parameter that could not be used and was replaced by its default. */
export type TParamProblem = 'searchText' | 'filter' | 'page' | 'pageSize' | 'sort' | 'exact';

/** The order results come in unless the URL names another. */
export const DEFAULT_SORT: TSearchSort = 'relevance';

/** Everything the results page shows, as read from its URL. */
export type TResultsParams = {
  terms: string[];
  filter: TFilterState;
  /** 0-based page index. */
  index: number;
  pageSize: TPageSize;
  sort: TSearchSort;
  /** The terms are searched as typed, without typo correction (the `exact=1` parameter). */
  isExact: boolean;
  problems: TParamProblem[];
};

/**
 * What a results URL is built from; index and page size default to the first page of 10, the sort to
 * relevance, and the terms are corrected for typos unless `isExact`.
 */
export type TResultsState = {
  terms: readonly string[];
  filter: TFilterState;
  index?: number;
  pageSize?: number;
  sort?: TSearchSort;
  isExact?: boolean;
};

/** Parses a result order, null when it is not one the search API knows. */
export function parseSort(text: string | null): TSearchSort | null {
  return (SEARCH_SORTS as readonly (string | null)[]).includes(text) ? (text as TSearchSort) : null;
}

/** Parses a page size, null when it is not one the results page offers. */
export function parsePageSize(text: string | null): TPageSize | null {
  const size = Number(text);
  return text !== null && text.trim() !== '' && (PAGE_SIZES as readonly number[]).includes(size)
    ? (size as TPageSize)
    : null;
}

const unique = (values: readonly string[]) => [...new Set(values)];

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

/** The filter with one of the optional lists replaced; an empty list is left out, so links stay short. */
export function withList<TKey extends TOptionalList>(
  filter: TFilterState,
  key: TKey,
  values: readonly NonNullable<TFilterState[TKey]>[number][],
): TFilterState {
  const rest: TFilterState = { ...filter };
  delete rest[key];
  return values.length > 0 ? { ...rest, [key]: unique(values as string[]) } : rest;
}

/** The filter with the modification range replaced; an open range on both sides is left out. */
export function withModifiedRange(filter: TFilterState, range: TDateRange): TFilterState {
  const { modifiedRange: _, ...rest } = filter;
  return range.from === null && range.to === null ? rest : { ...rest, modifiedRange: { ...range } };
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

/** True when the filter narrows nothing. */
export const isEmptyFilter = (filter: TFilterState): boolean =>
  filter.selectedCategories.length === 0 &&
  filter.selectedKeywords.length === 0 &&
  filter.priceRange.from === null &&
  filter.priceRange.to === null &&
  !filter.hasWorkingEndpoint &&
  Object.values(OPTIONAL_LISTS).every((key) => (filter[key]?.length ?? 0) === 0) &&
  !filter.modifiedRange;

/** The filter with the 'working endpoints only' switch set or cleared. */
export function withWorkingEndpoints(filter: TFilterState, isOn: boolean): TFilterState {
  const { hasWorkingEndpoint: _, ...rest } = filter;
  return isOn ? { ...rest, hasWorkingEndpoint: true } : rest;
}

/** Builds the results URL's parameters; defaults are left out so links stay short. */
export function buildResultsParams(state: TResultsState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.terms.length > 0) params.set('searchText', joinTerms(state.terms));
  if (!isEmptyFilter(state.filter)) params.set('filter', JSON.stringify(state.filter));
  if (state.index) params.set('page', String(state.index));
  if (state.pageSize && state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  if (state.sort && state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  if (state.isExact) params.set('exact', '1');
  return params;
}

/**
 * The results page's path with its query string, `/results?searchText=a|b`. The separator stays
 * readable: '|' needs no escaping in a query string, and every parser decodes either spelling.
 */
export function resultsPath(state: TResultsState): string {
  const search = buildResultsParams(state).toString().replaceAll('%7C', '|');
  return search ? `/results?${search}` : '/results';
}

/** Parses a price input as a decimal ('12,5' too); null when it is not a non-negative number. */
export function parsePrice(text: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  if (!/^(\d+\.?\d*|\.\d+)$/.test(cleaned)) return null;
  const value = Number.parseFloat(cleaned);
  return Number.isFinite(value) ? value : null;
}

/** Where a topic card leads: the results of that one category, with no text; Complete Catalog lists everything. */
export function topicResultsPath(topic: string, completeCatalogTopic: string): string {
  const filter = topic === completeCatalogTopic ? EMPTY_FILTER : { ...EMPTY_FILTER, selectedCategories: [topic] };
  return resultsPath({ terms: [], filter });
}
