import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/**
 * SQL of offer holdings (migration 0024): at most one unreleased holding per buyer and offer, kept so
 * by a partial unique index. A holding is current while unreleased and its end (if any) is ahead.
 */

/** One holding a checkout takes. */
export type THoldingInsert = {
  offerId: string;
  paymentModel: string;
  /** Null: until released. */
  endsAt: Date | null;
};

/** Releases the buyer's holdings of these offers whose end has passed, so they can be taken again. */
export async function releaseEndedHoldings(
  db: TDb,
  holder: { userId: string; offerIds: readonly string[]; now: Date },
): Promise<void> {
  if (holder.offerIds.length === 0) return;
  await db
    .updateTable('offer_holdings')
    .set({ released_at: sql<Date>`ends_at` })
    .where('user_id', '=', holder.userId)
    .where('offer_id', '=', (eb) => eb.fn.any(eb.val([...holder.offerIds])))
    .where('released_at', 'is', null)
    .where('ends_at', '<=', holder.now)
    .execute();
}

/**
 * Inserts the holdings of an order in offer-id order (so two checkouts of the same offers queue instead
 * of deadlocking) and answers the offers inserted; an offer the buyer already holds is left out. A
 * concurrent checkout of the same offer waits here until the first commits, then is left out too.
 */
export async function insertHoldings(
  db: TDb,
  order: { userId: string; orderId: string; acquiredAt: Date; holdings: readonly THoldingInsert[] },
): Promise<Set<string>> {
  if (order.holdings.length === 0) return new Set();
  const rows = [...order.holdings]
    .sort((a, b) => (a.offerId < b.offerId ? -1 : a.offerId > b.offerId ? 1 : 0))
    .map((holding) => ({
      user_id: order.userId,
      offer_id: holding.offerId,
      order_id: order.orderId,
      payment_model: holding.paymentModel,
      acquired_at: order.acquiredAt,
      ends_at: holding.endsAt,
    }));
  const inserted = await db
    .insertInto('offer_holdings')
    .values(rows)
    .onConflict((oc) => oc.columns(['user_id', 'offer_id']).where('released_at', 'is', null).doNothing())
    .returning('offer_id')
    .execute();
  return new Set(inserted.map((row) => row.offer_id));
}

/** Which of these offers the user holds at `now`. */
export async function selectHeldOfferIds(
  db: TDb,
  holder: { userId: string; offerIds: readonly string[]; now: Date },
): Promise<Set<string>> {
  if (holder.offerIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('offer_holdings')
    .select('offer_id')
    .where('user_id', '=', holder.userId)
    .where('offer_id', '=', (eb) => eb.fn.any(eb.val([...holder.offerIds])))
    .where('released_at', 'is', null)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', holder.now)]))
    .execute();
  return new Set(rows.map((row) => row.offer_id));
}

/** Releases the holdings of these lines of an order (their invoice or the order was cancelled). */
export async function releaseHoldingsOfLines(
  db: TDb,
  lines: { orderId: string; offerIds: readonly string[]; now: Date },
): Promise<void> {
  if (lines.offerIds.length === 0) return;
  await db
    .updateTable('offer_holdings')
    .set({ released_at: lines.now })
    .where('order_id', '=', lines.orderId)
    .where('offer_id', '=', (eb) => eb.fn.any(eb.val([...lines.offerIds])))
    .where('released_at', 'is', null)
    .execute();
}

/** Releases every holding of these orders that were cancelled (their free lines too). */
export async function releaseHoldingsOfCancelledOrders(db: TDb, orderIds: readonly string[], now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .updateTable('offer_holdings')
    .set({ released_at: now })
    .where('order_id', '=', (eb) => eb.fn.any(eb.val([...orderIds])))
    .where('released_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('orders')
          .select(sql.lit(1).as('one'))
          .whereRef('orders.id', '=', 'offer_holdings.order_id')
          .where('orders.state', '=', 'cancelled'),
      ),
    )
    .execute();
}

/** Releases the holdings that these entitlements stand for (a renewal or usage invoice went unpaid). */
export async function releaseHoldingsOfEntitlements(
  db: TDb,
  entitlementIds: readonly string[],
  now: Date,
): Promise<void> {
  if (entitlementIds.length === 0) return;
  await db
    .updateTable('offer_holdings')
    .set({ released_at: now })
    .where('released_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('entitlements as e')
          .select(sql.lit(1).as('one'))
          .whereRef('e.order_id', '=', 'offer_holdings.order_id')
          .whereRef('e.offer_id', '=', 'offer_holdings.offer_id')
          .where('e.id', '=', (inner) => inner.fn.any(inner.val([...entitlementIds]))),
      ),
    )
    .execute();
}

/** Ends the holding an entitlement stands for when the entitlement ends (a subscription the buyer cancelled). */
export async function endHoldingWithEntitlement(db: TDb, entitlementId: string): Promise<void> {
  await db
    .updateTable('offer_holdings')
    .set({ ends_at: sql<Date>`e.ends_at` })
    .from('entitlements as e')
    .whereRef('e.order_id', '=', 'offer_holdings.order_id')
    .whereRef('e.offer_id', '=', 'offer_holdings.offer_id')
    .where('e.id', '=', entitlementId)
    .where('offer_holdings.released_at', 'is', null)
    .execute();
}
