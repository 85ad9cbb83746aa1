import type { TDb } from '../../db/database';

/** An offer a user bought, with the first order that bought it. */
export type TPurchasedOffer = { offerId: string; orderId: string; purchasedAt: Date };

/**
 * The offers a user bought, newest purchase first: those of orders and invoices not cancelled. The
 * `acquired_offers` view (what My Acquisitions reads) lists the same offers.
 */
export async function listPurchasedOffers(db: TDb, userId: string): Promise<TPurchasedOffer[]> {
  const rows = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .leftJoin('invoices as v', 'v.id', 'i.invoice_id')
    .select(['i.offer_id', 'o.id as order_id', 'o.created_at'])
    .where('o.consumer_id', '=', userId)
    .where('o.state', '<>', 'cancelled')
    .where((eb) => eb.or([eb('v.state', 'is', null), eb('v.state', '<>', 'cancelled')]))
    .orderBy('o.created_at', 'asc')
    .execute();
  const first = new Map<string, TPurchasedOffer>();
  for (const row of rows) {
    if (!first.has(row.offer_id)) {
      first.set(row.offer_id, { offerId: row.offer_id, orderId: row.order_id, purchasedAt: row.created_at });
    }
  }
  return [...first.values()].sort((a, b) => b.purchasedAt.getTime() - a.purchasedAt.getTime());
}
