import type { TApiKey } from '@dsm/contracts';
import type { TApiKeyRow } from './api-keys-repository';

/** The fields of a key that leave the server: never its hash, and the secret only when issued. */
export function presentApiKey(row: TApiKeyRow, isEntitlementActive: boolean): TApiKey {
  return {
    id: row.id,
    prefix: row.prefix,
    createdAt: row.created_at.toISOString(),
    rotatedAt: row.rotated_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    isActive: row.revoked_at === null && isEntitlementActive,
  };
}

/** Where the buyer calls an offer's API through the gateway. */
export const gatewayUrlOf = (publicUrl: string, offerId: string): string => `${publicUrl}/gateway/${offerId}`;
