import type { TPageSize } from '@dsm/contracts';
import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  EMPTY_FILTER,
  parseResultsParams,
  resultsPath,
  type TFilterState,
  type TResultsParams,
} from './results-params';

/** A change of the results URL; what is left out keeps its value, except the page, which restarts at 0. */
export type TResultsChange = { terms?: readonly string[]; filter?: TFilterState; index?: number; pageSize?: TPageSize };

export type TResultsParamsApi = TResultsParams & {
  /** Goes to the results of the changed state; any change but a page change starts at page 0. */
  change: (next: TResultsChange) => void;
  /** Clears terms and filter: the complete catalogue, first page. */
  reset: () => void;
};

/** The results page's state, read from and written to its URL, the single source of truth. */
export function useResultsParams(): TResultsParamsApi {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const params = useMemo(() => parseResultsParams(searchParams), [searchParams]);
  const { terms, filter, pageSize } = params;

  const change = useCallback(
    (next: TResultsChange) => {
      navigate(
        resultsPath({
          terms: next.terms ?? terms,
          filter: next.filter ?? filter,
          index: next.index ?? 0,
          pageSize: next.pageSize ?? pageSize,
        }),
      );
    },
    [navigate, terms, filter, pageSize],
  );
  const reset = useCallback(() => change({ terms: [], filter: EMPTY_FILTER }), [change]);
  return { ...params, change, reset };
}
