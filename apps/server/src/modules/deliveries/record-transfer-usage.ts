import type { TDb } from '../../db/database';
import { findActiveEntitlement } from '../entitlements/find-active-entitlement';
import type { TDeliveryRow } from './delivery-repository';
import { recordDeliveryUsage } from './record-delivery-usage';

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
  await recordDeliveryUsage(db, { delivery, entitlement, succeeded: SUCCEEDED.has(state) });
}
