import type { TDb } from '../../db/database';
import { revokeEntitlementRows, revokeEntitlementRowsById } from './entitlements-repository';
import {
  releaseHoldingsOfCancelledOrders,
  releaseHoldingsOfEntitlements,
  releaseHoldingsOfLines,
} from './holdings-repository';

export type TRevokeEntitlementsOptions = {
  db: TDb;
  orderId: string;
  /** The offers of the order whose invoice (or the whole order) was cancelled. */
  offerIds: readonly string[];
  /** When the cancellation happened. */
  now: Date;
};

/**
 * Ends the entitlements of cancelled order lines: an order not paid in time is cancelled with its
 * invoices, and what it bought is no longer the buyer's, who may buy it again. Other orders of the
 * same offer keep theirs. Answers how many were revoked.
 */
export async function revokeEntitlements(options: TRevokeEntitlementsOptions): Promise<number> {
  const lines = {
    orderId: options.orderId,
    offerIds: options.offerIds.map((id) => id.toLowerCase()),
    now: options.now,
  };
  await releaseHoldingsOfLines(options.db, lines);
  return revokeEntitlementRows(options.db, {
    orderId: options.orderId,
    offerIds: options.offerIds.map((id) => id.toLowerCase()),
    revokedAt: options.now,
  });
}

/**
 * Ends entitlements by id: the renewal or usage invoice that billed them went unpaid past its
 * payment window, and access ends as it does for an unpaid order (and the offer may be bought
 * again). Answers how many were revoked.
 */
export async function revokeEntitlementsById(db: TDb, ids: readonly string[], now: Date): Promise<number> {
  await releaseHoldingsOfEntitlements(db, ids, now);
  return revokeEntitlementRowsById(db, ids, now);
}

/**
 * Releases every holding of these orders that are cancelled, their free lines included: a cancelled
 * order acquired nothing.
 */
export async function releaseCancelledOrders(db: TDb, orderIds: readonly string[], now: Date): Promise<void> {
  await releaseHoldingsOfCancelledOrders(db, orderIds, now);
}
