import {
  cleanTerms,
  ErrorCode,
  expandCategory,
  RESULT_CAP,
  splitQuery,
  type TSearchFilter,
  type TSearchRequest,
  type TSearchResponse,
} from '@dsm/contracts';
import type { TDb } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { ServerTiming } from '../../../lib/server-timing';
import { forgetKeptOffers, loadKeptOfferDocuments } from '../../catalogue/kept-offer-documents';
import type { ISearchIndex, TIndexFilter } from '../index/search-index';

export type TSearchOffersOptions = {
  db: TDb;
  searchIndex: ISearchIndex;
  /** The '|'-joined search terms of the `query` parameter, the reference's way; `request.terms` is the declared one. */
  query?: string | undefined;
  request: TSearchRequest;
  /** Where the stages of the search are timed (the search route's `Server-Timing`). */
  timing?: ServerTiming;
};

/** The indexes whose applied changes already make the kept offers be forgotten. */
const watchedIndexes = new WeakSet<ISearchIndex>();

/** Searches the catalogue: one page from the search index, its offers read from the catalogue (or kept). */
export async function searchOffers({
  db,
  searchIndex,
  query,
  request,
  timing,
}: TSearchOffersOptions): Promise<TSearchResponse> {
  if (!watchedIndexes.has(searchIndex)) {
    watchedIndexes.add(searchIndex);
    // Whatever applies catalogue changes to the index (a harvest, another process's edit) also changes offers.
    searchIndex.onChangesApplied?.(forgetKeptOffers);
  }
  const { index, pageSize, filter } = request;
  const offset = index * pageSize;
  const limit = Math.min(pageSize, RESULT_CAP - offset);
  const indexFilter = toIndexFilter(filter);
  timing?.mark('filter');
  const result = await searchIndex.search({
    terms: searchTermsOf(request, query),
    exact: request.exact,
    sort: request.sort,
    filter: indexFilter,
    offset,
    limit,
  });
  if (timing) {
    timing.mark('engine');
    // The engine's own stages; what the round trip took beyond them is waiting for a search thread.
    for (const [name, ms] of Object.entries(result.stages ?? {})) timing.add(`engine-${name}`, ms);
  }
  const data = await loadInChunks(db, result.offerIds);
  timing?.mark('hydrate');
  return {
    index,
    pageSize,
    total: result.total,
    isTotalCapped: result.isTotalCapped,
    data,
    copies: result.copies,
    correctedQuery: result.correctedTerms ? result.correctedTerms.join('|') : null,
    matchedAllTerms: result.matchedAllTerms,
    facets: result.facets,
    areFacetCountsEstimated: result.areFacetCountsEstimated,
  };
}

/** The terms to search: the request's `terms`, else the '|'-joined `query` parameter; both at once is a 400. */
function searchTermsOf(request: TSearchRequest, query: string | undefined): string[] {
  if (request.terms === undefined) return splitQuery(query);
  if (query !== undefined) {
    const message = "Give the search terms once: as the body's terms or as the query parameter";
    throw new AppError(ErrorCode.VALIDATION_FAILED, message, [{ path: 'querystring.query', message }]);
  }
  return cleanTerms(request.terms);
}

/**
 * Offers read (and presented) at most this many at a time: reading 1,000 with their datasets, distributions
 * and agents in one go holds the event loop for tens of milliseconds while the rows become documents.
 */
const HYDRATED_AT_ONCE = 100;

/** The offers of a page, read in chunks one after another so that a page of 1,000 never holds the loop for long. */
async function loadInChunks(db: TDb, offerIds: string[]) {
  if (offerIds.length <= HYDRATED_AT_ONCE) return loadKeptOfferDocuments({ db, ids: offerIds });
  const documents = [];
  for (let start = 0; start < offerIds.length; start += HYDRATED_AT_ONCE) {
    documents.push(...(await loadKeptOfferDocuments({ db, ids: offerIds.slice(start, start + HYDRATED_AT_ONCE) })));
  }
  return documents;
}

/**
 * The search API's filter as the search index takes it (saved-search alerts run the same filter): the same fields
 * under the same names, a home-page topic among the categories standing for its group's categories.
 */
export function toIndexFilter(filter: TSearchFilter): TIndexFilter {
  return { ...filter, categories: [...new Set(filter.categories.flatMap(expandCategory))], offerIds: null };
}
