import { sql } from 'kysely';
import type { TNotificationStepOptions } from './notification-step';

/** A saved search alerts at most once in this time. */
export const DIGEST_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Offers a digest names; the rest are counted. */
const NAMED_OFFERS = 5;
/** Saved searches digested per transaction. */
const CHUNK = 500;

/**
 * Turns each alerting saved search's waiting matches into one notification, at most once a day per saved
 * search: the first new offers after a quiet day are told at once, later ones wait and are bundled into the
 * next digest. Saved searches are digested a few hundred per transaction, which holds their rows; a concurrent
 * run skips rows held, so a digest is written once. Answers the number of notifications written.
 */
export async function digestNewOffers({ db, now, isMailEnabled }: TNotificationStepOptions): Promise<number> {
  const dueBefore = new Date(now.getTime() - DIGEST_INTERVAL_MS);
  const due = await db
    .selectFrom('saved_searches as s')
    .select('s.id')
    .where('s.is_alert_enabled', '=', true)
    .where((eb) => eb.or([eb('s.last_notified_at', 'is', null), eb('s.last_notified_at', '<=', dueBefore)]))
    .where((eb) =>
      eb.exists(
        eb.selectFrom('saved_search_matches as m').select('m.offer_id').whereRef('m.saved_search_id', '=', 's.id'),
      ),
    )
    .execute();
  let written = 0;
  for (let first = 0; first < due.length; first += CHUNK) {
    const ids = due.slice(first, first + CHUNK).map((row) => row.id);
    written += await db.transaction().execute(async (trx) => {
      const held = (
        await trx
          .selectFrom('saved_searches')
          .select(['id', 'user_id', 'name', 'last_notified_at', 'is_alert_enabled'])
          .where('id', 'in', ids)
          .orderBy('id')
          .forUpdate()
          .skipLocked()
          .execute()
      ).filter(
        (search) => search.is_alert_enabled && !(search.last_notified_at && search.last_notified_at > dueBefore),
      );
      if (held.length === 0) return 0;
      const { rows: taken } = await sql<{ saved_search_id: string; offer_id: string; title: string; state: string }>`
        with taken as (
          delete from saved_search_matches where saved_search_id = any(${held.map((search) => search.id)}::uuid[])
          returning saved_search_id, offer_id, matched_at
        )
        select t.saved_search_id, t.offer_id, o.title, o.state from taken t join offers o on o.id = t.offer_id
        order by t.saved_search_id, t.matched_at, o.title, t.offer_id`.execute(trx);
      const offersOf = new Map<string, { offer_id: string; title: string }[]>();
      for (const row of taken) {
        // An offer unpublished since it matched is no news any more.
        if (row.state !== 'ACTIVE') continue;
        const offers = offersOf.get(row.saved_search_id) ?? [];
        offers.push(row);
        offersOf.set(row.saved_search_id, offers);
      }
      const notified = held.filter((search) => offersOf.has(search.id));
      if (notified.length === 0) return 0;
      await trx
        .insertInto('notifications')
        .values(
          notified.map((search) => {
            const offers = offersOf.get(search.id) ?? [];
            const params = {
              savedSearchName: search.name,
              count: offers.length,
              offers: offers.slice(0, NAMED_OFFERS).map((row) => ({ id: row.offer_id, title: row.title })),
            };
            return {
              user_id: search.user_id,
              kind: 'new_offers' as const,
              params: JSON.stringify(params),
              link: offers.length === 1 ? `/offer/details/${offers[0]!.offer_id}` : `/saved-searches?run=${search.id}`,
              dedupe_key: `new_offers:${search.id}:${now.toISOString()}`,
              saved_search_id: search.id,
              created_at: now,
              mail_state: isMailEnabled ? ('pending' as const) : ('none' as const),
            };
          }),
        )
        .onConflict((conflict) => conflict.columns(['user_id', 'dedupe_key']).doNothing())
        .execute();
      await trx
        .updateTable('saved_searches')
        .set({ last_notified_at: now })
        .where(
          'id',
          'in',
          notified.map((search) => search.id),
        )
        .execute();
      return notified.length;
    });
  }
  return written;
}
