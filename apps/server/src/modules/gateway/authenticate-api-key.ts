import { ErrorCode } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findEntitlement, isEntitlementActive, type TEntitlementState } from '../entitlements/find-entitlement';
import { hashApiKey, isApiKeyForm } from './api-key-secret';
import { selectApiKeyByHash } from './api-keys-repository';

export type TAuthenticateApiKeyOptions = {
  db: TDb;
  /** The key as sent; undefined when the call carries none. */
  secret: string | undefined;
  offerId: string;
  now: Date;
};

/**
 * The key and entitlement a gateway call is made with. 401 for a missing, unknown, rotated-out or revoked
 * key and for a key of another offer (all alike, so a caller learns nothing of other keys); 403 when the
 * key is valid but its entitlement ended or was revoked.
 */
export async function authenticateApiKey(
  options: TAuthenticateApiKeyOptions,
): Promise<{ keyId: string; entitlement: TEntitlementState }> {
  if (!options.secret) {
    throw new AppError(
      ErrorCode.UNAUTHORIZED,
      'Send your API key in the X-API-Key header or as "Authorization: Bearer <key>"',
    );
  }
  const invalid = new AppError(ErrorCode.UNAUTHORIZED, 'The API key is not valid for this offer');
  if (!isApiKeyForm(options.secret)) throw invalid;
  const key = await selectApiKeyByHash(options.db, hashApiKey(options.secret));
  if (!key || key.revoked_at !== null || key.offer_id !== options.offerId) throw invalid;
  const entitlement = await findEntitlement(options.db, key.entitlement_id);
  if (!entitlement || !isEntitlementActive(entitlement, options.now)) {
    throw new AppError(ErrorCode.FORBIDDEN, 'The acquisition this API key belongs to has ended');
  }
  return { keyId: key.id, entitlement };
}
