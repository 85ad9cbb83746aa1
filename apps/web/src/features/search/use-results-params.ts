import type { TPageSize, TSearchSort } from '@dsm/contracts';
import { use, useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  EMPTY_FILTER,
  resultsPath,
  type TFilterState,
  type TResultsParams,
  type TResultsState,
} from '../../shared/search/results-params';
import { searchContracts } from './lazy-search-contracts';
import { hasUrlFilter, readNoFilter, readResultsParams, type TUrlFilterReader } from './read-results-params';

/**
 * The reader of the URL's filter: none is needed without filter and topics parameters; with them, the
 * page suspends until the search contracts (zod) have loaded, as it waited for them before they were
 * loaded apart.
 */
function useUrlFilterReader(searchParams: URLSearchParams): TUrlFilterReader {
  if (!hasUrlFilter(searchParams)) return readNoFilter;
  return (searchContracts.loaded() ?? use(searchContracts.load())).readUrlFilter;
}

/**
 * A change of the results URL; what is left out keeps its value, except the page, which restarts at 0,
 * and the exact flag, which new terms drop: it belongs to the words the user asked to keep as typed.
 */
export type TResultsChange = {
  terms?: readonly string[];
  filter?: TFilterState;
  index?: number;
  pageSize?: TPageSize;
  sort?: TSearchSort;
  isExact?: boolean;
};

export type TResultsParamsApi = TResultsParams & {
  /** Goes to the results of the changed state; any change but a page change starts at page 0. */
  change: (next: TResultsChange) => void;
  /** Clears terms and filter: the complete catalogue, first page, in the same order. */
  reset: () => void;
  /** The path of the changed state, for a link that leads there. */
  pathOf: (next: TResultsChange) => string;
};

/** The results page's state, read from and written to its URL, the single source of truth. */
export function useResultsParams(): TResultsParamsApi {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const readFilter = useUrlFilterReader(searchParams);
  const params = useMemo(() => readResultsParams(searchParams, readFilter), [searchParams, readFilter]);
  const { terms, filter, pageSize, sort, isExact } = params;

  const pathOf = useCallback(
    (next: TResultsChange) => {
      const state: TResultsState = {
        terms: next.terms ?? terms,
        filter: next.filter ?? filter,
        index: next.index ?? 0,
        pageSize: next.pageSize ?? pageSize,
        sort: next.sort ?? sort,
        isExact: next.isExact ?? (next.terms === undefined && isExact),
      };
      return resultsPath(state);
    },
    [terms, filter, pageSize, sort, isExact],
  );
  const change = useCallback(
    (next: TResultsChange) => {
      navigate(pathOf(next));
    },
    [navigate, pathOf],
  );
  const reset = useCallback(() => change({ terms: [], filter: EMPTY_FILTER }), [change]);
  // The same object while the URL stays, so the results view (memoized) is not redrawn for nothing.
  return useMemo(() => ({ ...params, change, reset, pathOf }), [params, change, reset, pathOf]);
}
