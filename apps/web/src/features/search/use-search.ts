import { SEARCH_ROUTE } from '@dsm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryEndpointEarly } from '../../shared/query-endpoint-early';
import { searchContracts, type TSearchContracts } from './lazy-search-contracts';
import { type TSearchInput, toSearchRequest } from './search-request';

/**
 * One page of search results; the previous page stays on screen while the next one loads. The first
 * answer is drawn before the search contract (zod) has loaded, and checked once it has (queryEndpointEarly).
 */
export function useSearch(input: TSearchInput) {
  const request = toSearchRequest(input);
  return useQuery({
    queryKey: ['search', request],
    queryFn: (context) =>
      queryEndpointEarly(context, {
        route: SEARCH_ROUTE,
        contract: searchContracts,
        endpoint: (contracts: TSearchContracts) => contracts.searchEndpoint,
        call: { body: request },
      }),
    placeholderData: keepPreviousData,
  });
}

/** What a page shows of its search: the answer, its loading and failure, and Retry. */
export type TSearchAnswer = Pick<
  ReturnType<typeof useSearch>,
  'data' | 'isPending' | 'isFetching' | 'isError' | 'error' | 'isPlaceholderData' | 'refetch'
>;
