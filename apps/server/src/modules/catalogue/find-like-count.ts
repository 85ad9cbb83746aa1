import type { TDb } from '../../db/database';

/** The offer's like count, or null when there is no such offer. */
export async function findLikeCount(db: TDb, offerId: string): Promise<number | null> {
  const row = await db.selectFrom('offers').select('likes').where('id', '=', offerId).executeTakeFirst();
  return row?.likes ?? null;
}
