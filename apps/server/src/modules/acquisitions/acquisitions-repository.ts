import type { TDb } from '../../db/database';

/** At most this many acquisitions are listed; a buyer with more pages through orders instead. */
export const MAX_ACQUISITIONS = 500;

/** One offer a user acquired, as the `acquired_offers` view answers it. */
export type TAcquiredOfferRow = { offerId: string; acquiredAt: Date };

/**
 * The offers a user acquired, latest first, once each (the latest acquisition counts). Reads the
 * view `acquired_offers (user_id, offer_id, acquired_at)`: it is empty until the orders module
 * defines it over its orders, which keeps the orders' tables private to that module.
 */
export async function findAcquiredOffers(db: TDb, userId: string): Promise<TAcquiredOfferRow[]> {
  const rows = await db
    .selectFrom('acquired_offers')
    .select(['offer_id', (eb) => eb.fn.max('acquired_at').as('acquired_at')])
    .where('user_id', '=', userId)
    .groupBy('offer_id')
    .orderBy('acquired_at', 'desc')
    .limit(MAX_ACQUISITIONS)
    .execute();
  return rows.map((row) => ({ offerId: row.offer_id, acquiredAt: new Date(row.acquired_at) }));
}
