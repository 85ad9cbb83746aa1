import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/** A saved search alerts at most once in this time. */
export const DIGEST_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Offers a digest names; the rest are counted. */
const NAMED_OFFERS = 5;

export type TDigestNewOffersOptions = {
  db: TDb;
  now: Date;
  /** True: the notifications are to be mailed too (SMTP is configured). */
  isMailEnabled: boolean;
};

/**
 * Turns each alerting saved search's waiting matches into one notification, at most once a day per saved
 * search: the first new offers after a quiet day are told at once, later ones wait and are bundled into the
 * next digest. Each saved search is digested in a transaction holding its row, which a concurrent run skips,
 * so a digest is written once. Answers the number of notifications written.
 */
export async function digestNewOffers({ db, now, isMailEnabled }: TDigestNewOffersOptions): Promise<number> {
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
  for (const { id } of due) {
    const isWritten = await db.transaction().execute(async (trx) => {
      const search = await trx
        .selectFrom('saved_searches')
        .select(['id', 'user_id', 'name', 'last_notified_at', 'is_alert_enabled'])
        .where('id', '=', id)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!search?.is_alert_enabled) return false;
      if (search.last_notified_at && search.last_notified_at > dueBefore) return false;
      const { rows: taken } = await sql<{ offer_id: string; title: string; state: string }>`
        with taken as (
          delete from saved_search_matches where saved_search_id = ${id} returning offer_id, matched_at
        )
        select t.offer_id, o.title, o.state from taken t join offers o on o.id = t.offer_id
        order by t.matched_at, o.title, t.offer_id`.execute(trx);
      // An offer unpublished since it matched is no news any more.
      const offers = taken.filter((row) => row.state === 'ACTIVE');
      if (offers.length === 0) return false;
      const params = {
        savedSearchName: search.name,
        count: offers.length,
        offers: offers.slice(0, NAMED_OFFERS).map((row) => ({ id: row.offer_id, title: row.title })),
      };
      const link = offers.length === 1 ? `/offer/details/${offers[0]!.offer_id}` : `/saved-searches?run=${id}`;
      await trx
        .insertInto('notifications')
        .values({
          user_id: search.user_id,
          kind: 'new_offers',
          params: JSON.stringify(params),
          link,
          dedupe_key: `new_offers:${id}:${now.toISOString()}`,
          saved_search_id: id,
          created_at: now,
          mail_state: isMailEnabled ? 'pending' : 'none',
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'dedupe_key']).doNothing())
        .execute();
      await trx.updateTable('saved_searches').set({ last_notified_at: now }).where('id', '=', id).execute();
      return true;
    });
    if (isWritten) written++;
  }
  return written;
}
