import { splitQuery, ZSearchFilter, ZSearchSort } from '@dsm/contracts';
import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import { toIndexFilter } from '../search/search-offers';
import type { ISearchIndex } from '../search-index/search-index';

/** Offer events taken per transaction. */
const BATCH = 500;

export type TMatchNewOffersOptions = {
  db: TDb;
  searchIndex: ISearchIndex;
  now: Date;
};

/**
 * Matches newly published offers with every alerting saved search: takes a batch of `published` events,
 * runs each saved search restricted to those offers, and keeps the matches for the search's next digest,
 * all in one transaction, so a failure leaves the events for the next run and two runs never take the
 * same event. A saved search sees only offers published after it was saved. Searches run with exact
 * words (no typo correction) and count only offers matching every word, so an alert names only offers
 * the user's own words find. Answers the number of matches recorded.
 */
export async function matchNewOffers({ db, searchIndex, now }: TMatchNewOffersOptions): Promise<number> {
  let matched = 0;
  for (;;) {
    const taken = await db.transaction().execute(async (trx) => {
      const { rows: events } = await sql<{ id: string; offer_id: string; occurred_at: Date }>`
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
      for (const search of searches) {
        const candidates = [
          ...new Set(events.filter((event) => event.occurred_at >= search.created_at).map((event) => event.offer_id)),
        ];
        if (candidates.length > 0) {
          const filter = await toIndexFilter(trx, ZSearchFilter.parse(search.filter));
          const working = filter.offerIds === null ? null : new Set(filter.offerIds);
          const allowed = working === null ? candidates : candidates.filter((id) => working.has(id));
          const terms = splitQuery(search.query);
          const result =
            allowed.length === 0
              ? null
              : await searchIndex.search({
                  terms,
                  exact: true,
                  sort: ZSearchSort.catch('relevance').parse(search.sort),
                  filter: { ...filter, offerIds: allowed },
                  offset: 0,
                  limit: allowed.length,
                });
          const offerIds = result && (terms.length === 0 || result.matchedAllTerms) ? result.offerIds : [];
          if (offerIds.length > 0) {
            await sql`
              insert into saved_search_matches (saved_search_id, offer_id, matched_at)
              select ${search.id}, unnest(${offerIds}::uuid[]), ${now}
              on conflict do nothing`.execute(trx);
            matched += offerIds.length;
          }
        }
        await trx
          .updateTable('saved_searches')
          .set({
            last_checked_at: now,
            seen_through: sql`greatest(seen_through, ${newest.toString()}::bigint)` as never,
          })
          .where('id', '=', search.id)
          .execute();
      }
      return events.length;
    });
    if (taken < BATCH) return matched;
  }
}
