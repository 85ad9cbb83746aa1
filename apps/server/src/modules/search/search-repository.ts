import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/** Offers with a distribution the link checker last found online (read from its partial index). */
export async function findOfferIdsWithWorkingEndpoint(db: TDb): Promise<string[]> {
  const { rows } = await sql<{ offer_id: string }>`
    select distinct offer_id from link_checks where status = 'online'`.execute(db);
  return rows.map((row) => row.offer_id);
}
