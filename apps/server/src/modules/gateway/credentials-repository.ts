import type { Selectable } from 'kysely';
import type { TDb } from '../../db/database';
import type { TGatewayCredentialTable } from '../../db/schema';

/** SQL of the suppliers' gateway credentials. The secret stays sealed here; only forwarding opens it. */

export type TGatewayCredentialRow = Selectable<TGatewayCredentialTable>;

export async function selectCredentials(db: TDb, offerId: string): Promise<TGatewayCredentialRow[]> {
  return db.selectFrom('gateway_credentials').selectAll().where('offer_id', '=', offerId).orderBy('position').execute();
}

export async function selectCredential(
  db: TDb,
  endpoint: { offerId: string; position: number },
): Promise<TGatewayCredentialRow | undefined> {
  return db
    .selectFrom('gateway_credentials')
    .selectAll()
    .where('offer_id', '=', endpoint.offerId)
    .where('position', '=', endpoint.position)
    .executeTakeFirst();
}

/** Replaces all credentials of an offer with these. */
export async function replaceCredentials(
  db: TDb,
  offerId: string,
  rows: { position: number; header_name: string; secret_sealed: string }[],
): Promise<void> {
  await db.deleteFrom('gateway_credentials').where('offer_id', '=', offerId).execute();
  if (rows.length === 0) return;
  await db
    .insertInto('gateway_credentials')
    .values(rows.map((row) => ({ ...row, offer_id: offerId })))
    .execute();
}
