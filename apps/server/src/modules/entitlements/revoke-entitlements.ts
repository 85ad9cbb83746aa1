import type { TDb } from '../../db/database';
import { revokeEntitlementRows, revokeEntitlementRowsById } from './entitlements-repository';

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
 * invoices, and what it bought is no longer the buyer's. Other orders of the same offer keep theirs.
 * Answers how many were revoked.
 */
export async function revokeEntitlements(options: TRevokeEntitlementsOptions): Promise<number> {
  return revokeEntitlementRows(options.db, {
    orderId: options.orderId,
    offerIds: options.offerIds.map((id) => id.toLowerCase()),
    revokedAt: options.now,
  });
}

/**
 * Ends entitlements by id: the renewal or usage invoice that billed them went unpaid past its
 * payment window, and access ends as it does for an unpaid order. Answers how many were revoked.
 */
export async function revokeEntitlementsById(db: TDb, ids: readonly string[], now: Date): Promise<number> {
  return revokeEntitlementRowsById(db, ids, now);
}
