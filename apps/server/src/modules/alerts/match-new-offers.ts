import { splitQuery, ZSearchFilter, ZSearchSort } from '@dsm/contracts';
import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import { toIndexFilter } from '../search/http/search-offers';
import type { ISearchIndex, TIndexFilter, TIndexSearch } from '../search/index/search-index';

/** Offer events taken per transaction. */
const BATCH = 500;
/** Matches written per insert statement (two parameter arrays of this many uuids). */
const INSERT_CHUNK = 10_000;

export type TMatchNewOffersOptions = {
  db: TDb;
  searchIndex: ISearchIndex;
  now: Date;
};

type TEvent = { id: string; offer_id: string; occurred_at: Date };
type TSavedSearchRow = { id: string; query: string; filter: unknown; sort: string; created_at: Date };

/**
 * Matches newly published offers with every alerting saved search: takes a batch of `published` events,
 * runs each saved search restricted to those offers, and keeps the matches for the search's next digest,
 * all in one transaction, so a failure leaves the events for the next run and two runs never take the
 * same event. A saved search sees only offers published after it was saved. Searches run with exact
 * words (no typo correction) and count only offers matching every word, so an alert names only offers
 * the user's own words find. Answers the number of matches recorded.
 *
 * Many saved searches ask the same: those with the same words, filter and order that see the same offers of
 * the batch share one index search. They are not shared across different sets of offers: a relevance search
 * shows one of several federated copies, so its answer for fewer offers is not a part of its answer for more.
 */
export async function matchNewOffers({ db, searchIndex, now }: TMatchNewOffersOptions): Promise<number> {
  let matched = 0;
  for (;;) {
    const taken = await db.transaction().execute(async (trx) => {
      const { rows: events } = await sql<TEvent>`
        delete from offer_events
        where id = any(array(
          select id from offer_events where kind = 'published' order by id limit ${BATCH} for update skip locked))
        returning id, offer_id, occurred_at`.execute(trx);
      if (events.length === 0) return 0;
      // The change that wrote an event queued the offer for the index in its transaction: apply it first.
      await searchIndex.refresh();
      const searches = await trx
        .selectFrom('saved_searches')
        .select(['id', 'query', 'filter', 'sort', 'created_at'])
        .where('is_alert_enabled', '=', true)
        .execute();
      const newest = events.reduce((max, event) => (BigInt(event.id) > max ? BigInt(event.id) : max), 0n);
      const batch = new BatchOffers(events);
      const filters = new Map<string, TIndexFilter>();
      const groups = new Map<string, { search: TSavedSearchRow; candidates: string[]; savedSearchIds: string[] }>();
      for (const search of searches) {
        const candidates = batch.publishedFrom(search.created_at);
        if (candidates.length === 0) continue;
        const key = JSON.stringify([search.query, search.filter, search.sort, candidates.length]);
        const group = groups.get(key);
        if (group) group.savedSearchIds.push(search.id);
        else groups.set(key, { search, candidates, savedSearchIds: [search.id] });
      }
      const asked: { savedSearchIds: string[]; search: TIndexSearch }[] = [];
      for (const { search, candidates, savedSearchIds } of groups.values()) {
        const filterKey = JSON.stringify(search.filter);
        let filter = filters.get(filterKey);
        if (!filter) {
          filter = toIndexFilter(ZSearchFilter.parse(search.filter));
          filters.set(filterKey, filter);
        }
        const indexSearch = restrictedSearch(search, filter, candidates);
        if (indexSearch) asked.push({ savedSearchIds, search: indexSearch });
      }
      const found = await matchEveryWord(
        searchIndex,
        asked.map((entry) => entry.search),
      );
      const matchedSearchIds: string[] = [];
      const matchedOfferIds: string[] = [];
      asked.forEach(({ savedSearchIds }, position) => {
        for (const savedSearchId of savedSearchIds) {
          for (const offerId of found[position] ?? []) {
            matchedSearchIds.push(savedSearchId);
            matchedOfferIds.push(offerId);
          }
        }
      });
      for (let first = 0; first < matchedSearchIds.length; first += INSERT_CHUNK) {
        await sql`
          insert into saved_search_matches (saved_search_id, offer_id, matched_at)
          select saved_search_id, offer_id, ${now}::timestamptz
          from unnest(${matchedSearchIds.slice(first, first + INSERT_CHUNK)}::uuid[],
                      ${matchedOfferIds.slice(first, first + INSERT_CHUNK)}::uuid[]) as m (saved_search_id, offer_id)
          on conflict do nothing`.execute(trx);
      }
      matched += matchedSearchIds.length;
      // In id order, so that runs overlapping (several servers) lock the rows in the same order.
      await sql`
        update saved_searches
        set last_checked_at = ${now}::timestamptz, seen_through = greatest(seen_through, ${newest.toString()}::bigint)
        where id in (
          select id from saved_searches where id = any(${searches.map((search) => search.id)}::uuid[])
          order by id for update)`.execute(trx);
      return events.length;
    });
    if (taken < BATCH) return matched;
  }
}

/** The offers of a batch of events, by the time they were published. */
class BatchOffers {
  private readonly byCount = new Map<number, string[]>();
  /** Publication instants, latest first. */
  private readonly instants: number[];

  constructor(private readonly events: TEvent[]) {
    this.instants = events.map((event) => event.occurred_at.getTime()).sort((a, b) => b - a);
  }

  /** The distinct offers published at or after `from`, in event order. */
  publishedFrom(from: Date): string[] {
    const threshold = from.getTime();
    let low = 0;
    let high = this.instants.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.instants[middle] as number) >= threshold) low = middle + 1;
      else high = middle;
    }
    // The same number of events published at or after two instants are the same events.
    let offers = this.byCount.get(low);
    if (!offers) {
      offers = [
        ...new Set(
          this.events.filter((event) => event.occurred_at.getTime() >= threshold).map((event) => event.offer_id),
        ),
      ];
      this.byCount.set(low, offers);
    }
    return offers;
  }
}

/** A saved search as the index runs it over `candidates`; null when its filter leaves none of them. */
function restrictedSearch(search: TSavedSearchRow, filter: TIndexFilter, candidates: string[]): TIndexSearch | null {
  const listed = filter.offerIds === null ? null : new Set(filter.offerIds);
  const allowed = listed === null ? candidates : candidates.filter((id) => listed.has(id));
  if (allowed.length === 0) return null;
  return {
    terms: splitQuery(search.query),
    exact: true,
    sort: ZSearchSort.catch('relevance').parse(search.sort),
    filter: { ...filter, offerIds: allowed },
    offset: 0,
    limit: allowed.length,
  };
}

/** For each search, the offers it finds with every word: in one call when the index can, else one by one. */
async function matchEveryWord(searchIndex: ISearchIndex, searches: TIndexSearch[]): Promise<string[][]> {
  if (searches.length === 0) return [];
  if (searchIndex.matchEveryWord) return searchIndex.matchEveryWord(searches);
  const found: string[][] = [];
  for (const search of searches) {
    const result = await searchIndex.search(search);
    found.push(search.terms.length === 0 || result.matchedAllTerms ? result.offerIds : []);
  }
  return found;
}
