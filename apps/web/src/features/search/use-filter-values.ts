import { SEARCH_CACHE_ROUTE, type TSearchCacheResponse } from '@dsm/contracts';
import { useQuery } from '@tanstack/react-query';
import { queryEndpointEarly } from '../../shared/query-endpoint-early';
import { searchContracts, type TSearchContracts } from './lazy-search-contracts';

/** sessionStorage key of the filter values, as the reference names it. */
export const FILTER_CACHE_KEY = 'filterCache';

/** The cached filter values of this visit, when there are any and they are still in the API's shape. */
function readFilterCache({ ZSearchCacheResponse }: TSearchContracts): TSearchCacheResponse | undefined {
  try {
    const raw = sessionStorage.getItem(FILTER_CACHE_KEY);
    if (raw === null) return undefined;
    const parsed = ZSearchCacheResponse.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function writeFilterCache(values: TSearchCacheResponse): void {
  try {
    sessionStorage.setItem(FILTER_CACHE_KEY, JSON.stringify(values));
  } catch {
    // A full or blocked storage only costs a fetch on the next page load.
  }
}

/**
 * The keywords and categories the filter panel offers (`GET /api/search/cache`), kept in session
 * storage so a reload within the visit shows them at once. The cache is checked with the search
 * contracts (zod), so it is read only once they have loaded; before, the values are asked for and drawn as
 * the search is (queryEndpointEarly), and kept once they are checked.
 */
export function useFilterValues() {
  return useQuery({
    queryKey: ['filter-values'],
    queryFn: async (context) => {
      const contracts = searchContracts.loaded();
      const cached = contracts ? readFilterCache(contracts) : undefined;
      if (cached) return cached;
      return queryEndpointEarly(context, {
        route: SEARCH_CACHE_ROUTE,
        contract: searchContracts,
        endpoint: (loaded: TSearchContracts) => loaded.searchCacheEndpoint,
        call: {},
        onParsed: writeFilterCache,
      });
    },
    initialData: () => {
      const contracts = searchContracts.loaded();
      return contracts ? readFilterCache(contracts) : undefined;
    },
    // Cached values count as fresh for the visit; without a cache they are fetched right away.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
