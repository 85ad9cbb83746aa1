import type { TDb } from '../../db/database';
import type { TEntitlement } from '../entitlements/find-active-entitlement';
import { recordUsage } from '../usage/record-usage';
import type { TDeliveryRow } from './delivery-repository';

/** A use of a delivery: the buyer's entitlement to the offer (none for a free offer), its outcome and its bytes. */
export type TDeliveryUse = {
  delivery: TDeliveryRow;
  entitlement: TEntitlement | null;
  succeeded: boolean;
  httpStatus?: number;
  bytes?: number;
};

/**
 * Appends a use of a delivery to the usage of the buyer's entitlement, channel 'connector': a finished transfer,
 * or a read of its data through the marketplace. A free offer has no entitlement and so no usage row.
 */
export async function recordDeliveryUsage(db: TDb, { delivery, entitlement, ...use }: TDeliveryUse): Promise<void> {
  if (!entitlement) return;
  await recordUsage(db, {
    entitlementId: entitlement.id,
    offerId: delivery.offer_id,
    userId: delivery.buyer_id,
    channel: 'connector',
    ...use,
  });
}
