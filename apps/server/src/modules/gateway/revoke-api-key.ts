import { ErrorCode, type TApiKey } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { selectApiKey, updateApiKeyRevoked } from './api-keys-repository';
import { presentApiKey } from './present-api-key';

export type TRevokeApiKeyOptions = { db: TDb; userId: string; offerId: string; keyId: string; now: Date };

/** Revokes one of the buyer's keys for good (the gateway answers it 401); revoking it again changes nothing. */
export async function revokeApiKey(options: TRevokeApiKeyOptions): Promise<TApiKey> {
  const { db, userId, offerId, keyId, now } = options;
  const current = await selectApiKey(db, { id: keyId, userId, offerId });
  if (!current) throw new AppError(ErrorCode.NOT_FOUND, `No API key ${keyId} of yours for offer ${offerId}`);
  const row = await updateApiKeyRevoked(db, { id: keyId, userId, now });
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, `No API key ${keyId} of yours for offer ${offerId}`);
  return presentApiKey(row, false);
}
