import { ErrorCode, type TApiKeyIssued } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { assertGatewayOffer, requireEntitlement } from './api-key-policy';
import { newApiKeySecret } from './api-key-secret';
import { insertApiKey, UNIQUE_VIOLATION } from './api-keys-repository';
import { gatewayUrlOf, presentApiKey } from './present-api-key';

export type TCreateApiKeyOptions = { db: TDb; userId: string; offerId: string; now: Date; publicUrl: string };

/**
 * Issues the buyer a key for their active entitlement to an Api offer; the answer holds the whole key,
 * which is stored only as a hash and never shown again. One key per entitlement is active at a time:
 * 409 while one is (rotate or revoke it), also when two requests race.
 */
export async function createApiKey(options: TCreateApiKeyOptions): Promise<TApiKeyIssued> {
  const { db, userId, offerId, now } = options;
  await assertGatewayOffer(db, offerId);
  const entitlement = await requireEntitlement(db, { userId, offerId, now });
  const issued = newApiKeySecret();
  const row = await insertApiKey(db, {
    entitlementId: entitlement.id,
    userId,
    offerId,
    prefix: issued.prefix,
    hash: issued.hash,
    now,
  }).catch((error: unknown) => {
    if ((error as { code?: unknown } | null)?.code !== UNIQUE_VIOLATION) throw error;
    throw new AppError(ErrorCode.CONFLICT, 'An active key exists already for this acquisition; rotate or revoke it');
  });
  return { key: presentApiKey(row, true), secret: issued.secret, gatewayUrl: gatewayUrlOf(options.publicUrl, offerId) };
}
