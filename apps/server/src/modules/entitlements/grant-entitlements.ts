import { chargedPrice } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { insertEntitlements, moveEntitlementEnds, type TEntitlementRow } from './entitlements-repository';

export type TGrantEntitlementsOptions = {
  /** The order's transaction: an order and its entitlements are stored together or not at all. */
  db: TDb;
  /** The buyer. */
  userId: string;
  orderId: string;
  /** The order's lines as charged: free ones grant nothing, since free offers need no entitlement. */
  lines: readonly { offerId: string; paymentModel: string; price: number }[];
  /** The end of a subscription's first paid period: its entitlements end then until a renewal moves it. */
  subscriptionEndsAt?: Date;
  /** The moment of the order: the entitlements start then. */
  startsAt: Date;
};

/**
 * The entitlements an order gives its buyer: one per paid line, from the order on, ending after the
 * offer's time restriction (value and unit from the wizard) or never when it has none. A
 * subscription's ends with its first paid period instead; each renewal moves it a month on.
 */
export async function grantEntitlements(options: TGrantEntitlementsOptions): Promise<TEntitlementRow[]> {
  const paid = options.lines.filter((line) => chargedPrice(line.paymentModel, line.price) > 0);
  const rows = await insertEntitlements(options.db, {
    userId: options.userId,
    orderId: options.orderId,
    offerIds: paid.map((line) => line.offerId.toLowerCase()),
    startsAt: options.startsAt,
  });
  const subscriptions = new Set(
    paid.filter((line) => line.paymentModel === 'SUBSCRIPTION_BASED').map((line) => line.offerId.toLowerCase()),
  );
  const { subscriptionEndsAt } = options;
  if (subscriptions.size === 0 || !subscriptionEndsAt) return rows;
  const ids = rows.filter((row) => subscriptions.has(row.offer_id)).map((row) => row.id);
  await moveEntitlementEnds(options.db, ids, subscriptionEndsAt);
  return rows.map((row) => (subscriptions.has(row.offer_id) ? { ...row, ends_at: subscriptionEndsAt } : row));
}
