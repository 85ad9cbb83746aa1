import {
  DEFAULT_PAGE_SIZE,
  licenceListEndpoint,
  searchCacheEndpoint,
  searchEndpoint,
  type TSearchCacheResponse,
  ZLicenceListResponse,
  ZSearchCacheResponse,
  ZSearchResponse,
} from '@dsm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api';
import type { TFilterState } from './results-params';
import { joinTerms } from './search-terms';

export type TSearchInput = { terms: string[]; filter: TFilterState; index: number; pageSize: number };

/** One page of search results; the previous page stays on screen while the next one loads. */
export function useSearch(input: TSearchInput) {
  const query = joinTerms(input.terms);
  return useQuery({
    queryKey: ['search', query, input.filter, input.index, input.pageSize],
    queryFn: ({ signal }) =>
      apiFetch({
        method: searchEndpoint.method,
        path: `${searchEndpoint.path}?query=${encodeURIComponent(query)}`,
        schema: ZSearchResponse,
        signal,
        body: {
          index: input.index,
          pageSize: input.pageSize ?? DEFAULT_PAGE_SIZE,
          filter: {
            categories: input.filter.selectedCategories,
            keywords: input.filter.selectedKeywords,
            minPrice: input.filter.priceRange.from,
            maxPrice: input.filter.priceRange.to,
          },
        },
      }),
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

const FILTER_CACHE_KEY = 'filterCache';

function readFilterCache(): TSearchCacheResponse | undefined {
  try {
    const parsed = ZSearchCacheResponse.safeParse(JSON.parse(sessionStorage.getItem(FILTER_CACHE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The keywords and categories the filter panel offers, kept in session storage for the visit. */
export function useFilterValues() {
  return useQuery({
    queryKey: ['filter-values'],
    queryFn: async ({ signal }) => {
      const values = await apiFetch({ ...searchCacheEndpoint, schema: ZSearchCacheResponse, signal });
      try {
        sessionStorage.setItem(FILTER_CACHE_KEY, JSON.stringify(values));
      } catch {
        // A full or blocked storage only costs a refetch on the next visit.
      }
      return values;
    },
    initialData: readFilterCache,
    staleTime: 5 * 60_000,
  });
}

/** The licence catalogue that cards match licence texts against. */
export function useLicences() {
  return useQuery({
    queryKey: ['licences'],
    queryFn: ({ signal }) => apiFetch({ ...licenceListEndpoint, schema: ZLicenceListResponse, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
