import { searchEndpoint } from '@dsm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/call-endpoint';
import { type TSearchInput, toSearchRequest } from './search-request';

/** One page of search results; the previous page stays on screen while the next one loads. */
export function useSearch(input: TSearchInput) {
  const request = toSearchRequest(input);
  return useQuery({
    queryKey: ['search', request],
    queryFn: ({ signal }) => callEndpoint(searchEndpoint, { body: request, signal }),
    placeholderData: keepPreviousData,
  });
}

/** What a page shows of its search: the answer, its loading and failure, and Retry. */
export type TSearchAnswer = Pick<
  ReturnType<typeof useSearch>,
  'data' | 'isPending' | 'isFetching' | 'isError' | 'error' | 'isPlaceholderData' | 'refetch'
>;
