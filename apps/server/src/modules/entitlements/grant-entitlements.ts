import { chargedPrice } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { insertEntitlements, type TEntitlementRow } from './entitlements-repository';

export type TGrantEntitlementsOptions = {
  /** The order's transaction: an order and its entitlements are stored together or not at all. */
  db: TDb;
  /** The buyer. */
  userId: string;
  orderId: string;
  /** The order's lines as charged: free ones grant nothing, since free offers need no entitlement. */
  lines: readonly { offerId: string; paymentModel: string; price: number }[];
  /** The moment of the order: the entitlements start then. */
  startsAt: Date;
};

/**
 * The entitlements an order gives its buyer: one per paid line, from the order on, ending after the
 * offer's time restriction (value and unit from the wizard) or never when it has none.
 */
export async function grantEntitlements(options: TGrantEntitlementsOptions): Promise<TEntitlementRow[]> {
  const paid = options.lines.filter((line) => chargedPrice(line.paymentModel, line.price) > 0);
  return insertEntitlements(options.db, {
    userId: options.userId,
    orderId: options.orderId,
    offerIds: paid.map((line) => line.offerId.toLowerCase()),
    startsAt: options.startsAt,
  });
}
