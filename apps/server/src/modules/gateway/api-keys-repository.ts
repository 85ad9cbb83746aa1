import type { Selectable } from 'kysely';
import type { TDb } from '../../db/database';
import type { TApiKeyTable } from '../../db/schema';

/** SQL of the buyers' API keys. Only hashes are stored; the use cases decide what a key may do. */

export type TApiKeyRow = Selectable<TApiKeyTable>;

/** unique_violation: the entitlement has an active key already. */
export const UNIQUE_VIOLATION = '23505';

export async function insertApiKey(
  db: TDb,
  key: { entitlementId: string; userId: string; offerId: string; prefix: string; hash: string; now: Date },
): Promise<TApiKeyRow> {
  return db
    .insertInto('api_keys')
    .values({
      entitlement_id: key.entitlementId,
      user_id: key.userId,
      offer_id: key.offerId,
      prefix: key.prefix,
      secret_hash: key.hash,
      created_at: key.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A buyer's keys of an offer, newest first. */
export async function selectApiKeysOf(db: TDb, holder: { userId: string; offerId: string }): Promise<TApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', holder.userId)
    .where('offer_id', '=', holder.offerId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function selectApiKey(
  db: TDb,
  key: { id: string; userId: string; offerId: string },
): Promise<TApiKeyRow | undefined> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('id', '=', key.id)
    .where('user_id', '=', key.userId)
    .where('offer_id', '=', key.offerId)
    .executeTakeFirst();
}

export async function selectApiKeyByHash(db: TDb, hash: string): Promise<TApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('secret_hash', '=', hash).executeTakeFirst();
}

/** Gives a key that is not revoked a new secret; undefined when it is revoked (or not the holder's). */
export async function updateApiKeySecret(
  db: TDb,
  key: { id: string; userId: string; prefix: string; hash: string; now: Date },
): Promise<TApiKeyRow | undefined> {
  return db
    .updateTable('api_keys')
    .set({ prefix: key.prefix, secret_hash: key.hash, rotated_at: key.now })
    .where('id', '=', key.id)
    .where('user_id', '=', key.userId)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Revokes a key; a key revoked before keeps its first revocation time. */
export async function updateApiKeyRevoked(
  db: TDb,
  key: { id: string; userId: string; now: Date },
): Promise<TApiKeyRow | undefined> {
  return db
    .updateTable('api_keys')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(key.now)) }))
    .where('id', '=', key.id)
    .where('user_id', '=', key.userId)
    .returningAll()
    .executeTakeFirst();
}
