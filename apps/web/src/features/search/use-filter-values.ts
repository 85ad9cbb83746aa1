import type { TSearchCacheResponse } from '@dsm/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/call-endpoint';
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
 * contracts (zod): read at once when they have loaded, else as soon as they have, before any call.
 */
export function useFilterValues() {
  return useQuery({
    queryKey: ['filter-values'],
    queryFn: async ({ signal }) => {
      const contracts = await searchContracts.load();
      const cached = readFilterCache(contracts);
      if (cached) return cached;
      const values = await callEndpoint(contracts.searchCacheEndpoint, { signal });
      writeFilterCache(values);
      return values;
    },
    initialData: () => {
      const contracts = searchContracts.loaded();
      return contracts ? readFilterCache(contracts) : undefined;
    },
    // Cached values count as fresh for the visit; without a cache they are fetched right away.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
