import {
  DEFAULT_PAGE_SIZE,
  RESULT_CAP,
  SEARCH_SORTS,
  splitQuery,
  type TPageSize,
  type TSearchSort,
} from '@dsm/contracts';
import {
  DEFAULT_SORT,
  EMPTY_FILTER,
  parsePageSize,
  type TFilterState,
  type TParamProblem,
  type TResultsParams,
} from '../../shared/search/results-params';
import { addTerms, isWithinLimits, withoutControlCharacters } from '../../shared/search/search-terms';

// Reading a results URL, apart from building one (results-params.ts). Its filter and topics are read
// with zod's schemas (read-url-filter.ts), which the page loads only for a URL that has them.

/** The filter a URL's filter and topics parameters name, and whether they could be used as they are. */
export type TUrlFilter = { filter: TFilterState; isValid: boolean };

/** Reads the filter and topics parameters of a results URL. */
export type TUrlFilterReader = (params: URLSearchParams) => TUrlFilter;

/** True when the URL has a filter or topics parameter to read (readUrlFilter); without, readNoFilter will do. */
export function hasUrlFilter(params: URLSearchParams): boolean {
  return (params.get('filter') ?? '').trim() !== '' || splitQuery(params.get('topics')).length > 0;
}

/** The filter of a URL without filter and topics parameters (hasUrlFilter false): none. */
export const readNoFilter: TUrlFilterReader = () => ({ filter: { ...EMPTY_FILTER }, isValid: true });

/** Parses a result order, null when it is not one the search API knows. */
export function parseSort(text: string | null): TSearchSort | null {
  return (SEARCH_SORTS as readonly (string | null)[]).includes(text) ? (text as TSearchSort) : null;
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
 * Reads searchText, topics, filter, page, pageSize, sort and exact; `readFilter` reads topics and filter
 * (readUrlFilter, or readNoFilter for a URL without them). A value that cannot be used falls back to its
 * default and is named in `problems`, so the page can say so instead of failing.
 */
export function readResultsParams(params: URLSearchParams, readFilter: TUrlFilterReader): TResultsParams {
  const problems: TParamProblem[] = [];
  const { terms, isCut } = parseTerms(params.get('searchText'));
  if (isCut) problems.push('searchText');
  const { filter, isValid } = readFilter(params);
  if (!isValid) problems.push('filter');

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
