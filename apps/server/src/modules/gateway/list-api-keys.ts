import { ErrorCode, type TApiKeyListResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findActiveEntitlement } from '../entitlements/find-active-entitlement';
import { findEntitlement, isEntitlementActive } from '../entitlements/find-entitlement';
import { assertGatewayOffer } from './api-key-policy';
import { selectApiKeysOf } from './api-keys-repository';
import { gatewayUrlOf, presentApiKey } from './present-api-key';

export type TListApiKeysOptions = { db: TDb; userId: string; offerId: string; now: Date; publicUrl: string };

/**
 * The buyer's keys of an acquired Api offer, revoked ones included, and the gateway URL. 404 for an offer
 * not of the Api access type; 403 for a user who neither holds an entitlement to it nor ever held a key.
 */
export async function listApiKeys(options: TListApiKeysOptions): Promise<TApiKeyListResponse> {
  const { db, userId, offerId, now } = options;
  await assertGatewayOffer(db, offerId);
  const [rows, entitlement] = await Promise.all([
    selectApiKeysOf(db, { userId, offerId }),
    findActiveEntitlement({ db, userId, offerId, now }),
  ]);
  if (!entitlement && rows.length === 0) {
    throw new AppError(ErrorCode.FORBIDDEN, `You hold no entitlement to offer ${offerId}`);
  }
  const entitlementIds = [...new Set(rows.map((row) => row.entitlement_id))];
  const states = await Promise.all(entitlementIds.map((id) => findEntitlement(db, id)));
  const activeIds = new Set(
    states.filter((state) => state !== null && isEntitlementActive(state, now)).map((state) => state!.id),
  );
  return {
    gatewayUrl: gatewayUrlOf(options.publicUrl, offerId),
    isEntitled: entitlement !== null,
    keys: rows.map((row) => presentApiKey(row, activeIds.has(row.entitlement_id))),
  };
}
