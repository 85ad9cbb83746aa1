import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type TPageSize, type TPaymentModel, type TSearchSort } from '@dsm/contracts';
import { joinTerms } from './search-terms';

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

/** Parses a page size, null when it is not one the results page offers. */
export function parsePageSize(text: string | null): TPageSize | null {
  const size = Number(text);
  return text !== null && text.trim() !== '' && (PAGE_SIZES as readonly number[]).includes(size)
    ? (size as TPageSize)
    : null;
}

export const unique = (values: readonly string[]) => [...new Set(values)];

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
