import type { TDb } from '../../db/database';
import { findActiveEntitlement } from '../entitlements/find-active-entitlement';
import { recordUsage } from '../usage/record-usage';
import type { TDeliveryRow } from './delivery-repository';

/** Transfer states after which a transfer has its outcome: data to pull (STARTED), pushed (COMPLETED), or none. */
const SUCCEEDED = new Set(['STARTED', 'COMPLETED']);
const FAILED = new Set(['TERMINATING', 'TERMINATED', 'DEPROVISIONING', 'DEPROVISIONED']);

/** True when a transfer that had no outcome in state `from` has one in state `to`. */
export function isTransferFinishing(from: string | null, to: string): boolean {
  const hadOutcome = from !== null && (SUCCEEDED.has(from) || FAILED.has(from));
  return !hadOutcome && (SUCCEEDED.has(to) || FAILED.has(to));
}

/**
 * Appends a finished transfer to the usage of the buyer's entitlement (channel 'connector'): succeeded when the
 * data became available, failed when the transfer was terminated. The bytes go from connector to connector, past
 * the marketplace, so none are counted. A free offer has no entitlement and so no usage row.
 */
export async function recordTransferUsage(db: TDb, delivery: TDeliveryRow, state: string): Promise<void> {
  const entitlement = await findActiveEntitlement({ db, userId: delivery.buyer_id, offerId: delivery.offer_id });
  if (!entitlement) return;
  await recordUsage(db, {
    entitlementId: entitlement.id,
    offerId: delivery.offer_id,
    userId: delivery.buyer_id,
    channel: 'connector',
    succeeded: SUCCEEDED.has(state),
  });
}
