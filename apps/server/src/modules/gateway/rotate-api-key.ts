import { ErrorCode, type TApiKeyIssued } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findEntitlement, isEntitlementActive } from '../entitlements/find-entitlement';
import { newApiKeySecret } from './api-key-secret';
import { selectApiKey, updateApiKeySecret } from './api-keys-repository';
import { gatewayUrlOf, presentApiKey } from './present-api-key';

export type TRotateApiKeyOptions = {
  db: TDb;
  userId: string;
  offerId: string;
  keyId: string;
  now: Date;
  publicUrl: string;
};

/**
 * Gives one of the buyer's keys a new secret: the old one stops working at once, the new one is shown
 * this once. 404 for a key not theirs, 409 for a revoked one, 403 when its entitlement ended. Rotations
 * racing each other each succeed in turn; the one committed last holds the working secret.
 */
export async function rotateApiKey(options: TRotateApiKeyOptions): Promise<TApiKeyIssued> {
  const { db, userId, offerId, keyId, now } = options;
  const current = await selectApiKey(db, { id: keyId, userId, offerId });
  if (!current) throw new AppError(ErrorCode.NOT_FOUND, `No API key ${keyId} of yours for offer ${offerId}`);
  if (current.revoked_at) throw new AppError(ErrorCode.CONFLICT, `The API key ${current.prefix} is revoked`);
  const entitlement = await findEntitlement(db, current.entitlement_id);
  if (!entitlement || !isEntitlementActive(entitlement, now)) {
    throw new AppError(ErrorCode.FORBIDDEN, `The entitlement of the API key ${current.prefix} has ended`);
  }
  const issued = newApiKeySecret();
  const row = await updateApiKeySecret(db, { id: keyId, userId, prefix: issued.prefix, hash: issued.hash, now });
  if (!row) throw new AppError(ErrorCode.CONFLICT, `The API key ${current.prefix} is revoked`);
  return { key: presentApiKey(row, true), secret: issued.secret, gatewayUrl: gatewayUrlOf(options.publicUrl, offerId) };
}
