import {
  emptySearchFilter,
  type TSearchFacets,
  type TSearchFilter,
  type TSearchSort,
  type TSuggestion,
} from '@dsm/contracts';

/**
 * Filters of an index search: the search API's filter under its own names (the results page's panel sends them so;
 * the modification days `modifiedFrom` and `modifiedTo` inclusive, UTC; `hasWorkingEndpoint` read from the
 * documents), with the categories as they are to match (the search use case expands a home-page topic into its
 * group's categories first), and the offers a search may be restricted to.
 */
export type TIndexFilter = TSearchFilter & {
  /** Only these offers (saved-search alerts restrict theirs to the new offers); null: no such restriction. */
  offerIds: string[] | null;
};

/** No filter: the whole catalogue. */
export const NO_INDEX_FILTER: Readonly<TIndexFilter> = Object.freeze({ ...emptySearchFilter(), offerIds: null });

export type TIndexSearch = {
  /** The search-bar terms, already split at '|'. */
  terms: string[];
  /** True: no typo correction. */
  exact: boolean;
  sort: TSearchSort;
  filter: TIndexFilter;
  offset: number;
  limit: number;
};

/** The other federated copies of a result's dataset: the same title and description in other catalogues. */
export type TIndexCopies = {
  offerId: string;
  /** How many other copies the catalogue holds. */
  total: number;
  /** The first of them (at most 10), newest first, with their publishers. */
  copies: { offerId: string; publisher: string | null }[];
};

export type TIndexSearchResult = {
  offerIds: string[];
  /** For the results that have federated copies: those copies (in relevance order, collapsed into the result). */
  copies: TIndexCopies[];
  /** The copy keys of the page's results that have one (docs.copy_key): a new copy of one changes the answer. */
  copyKeys?: string[];
  /** Matches counted up to the result cap. */
  total: number;
  isTotalCapped: boolean;
  /** The terms as searched when words were corrected for typos; null when searched as typed. */
  correctedTerms: string[] | null;
  /** False when no offer matched every word and the results match only some of them. */
  matchedAllTerms: boolean;
  facets: TSearchFacets;
  /** True when the facets were counted over the newest matches only. */
  areFacetCountsEstimated: boolean;
  /** How long the engine's stages took, in ms (parsing, matching, ranking, facets, ids), when it times them. */
  stages?: TEngineStages;
};

/** The stages of one search inside the engine, in milliseconds; `cached` alone when the answer was kept. */
export type TEngineStages = Partial<Record<'cached' | 'parse' | 'match' | 'rank' | 'facets' | 'ids', number>>;

/**
 * The catalogue's search index: derived data, built from PostgreSQL and kept up to date from the
 * `search_outbox` table. One interface, so that a deployment outgrowing one machine can answer from
 * OpenSearch or Elasticsearch instead (docs/scaling.md).
 */
export interface ISearchIndex {
  search(search: TIndexSearch): Promise<TIndexSearchResult>;
  /**
   * For each search restricted to a few offers (`filter.offerIds`), those of them `search` finds with every
   * word (its `offerIds` when it reports `matchedAllTerms`, else none), many in one call: saved-search alerts
   * run thousands of searches over the same new offers. Optional: without it, callers run `search` for each.
   */
  matchEveryWord?(searches: TIndexSearch[]): Promise<string[][]>;
  /** Keywords and titles completing what is typed in the search bar. */
  suggest(prefix: string): Promise<TSuggestion[]>;
  /**
   * Applies the queued catalogue changes now when only a few are waiting (an edit, not a harvest), so
   * that a search right after it sees it.
   */
  catchUp(): Promise<void>;
  /**
   * Calls `listener` with the changed offers whenever the index applied catalogue changes (from any process: the
   * outbox is shared), or with null after a rebuild, so that what is kept of those offers elsewhere can be
   * forgotten. Optional.
   */
  onChangesApplied?(listener: (offerIds: readonly string[] | null) => void): void;
  /** The index's name as a consumer of the outbox (its cursor in `search_outbox_cursors`). Optional. */
  readonly outboxConsumer?: string;
  /** Applies every queued catalogue change now. */
  refresh(): Promise<void>;
  /** Builds the whole index again from the catalogue and switches to it when done. */
  rebuild(): Promise<void>;
  close(): Promise<void>;
}
