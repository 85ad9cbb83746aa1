import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import { findLikeCount } from '../catalogue/find-like-count';

/** PostgreSQL's foreign-key violation: the offer does not exist (or was deleted meanwhile). */
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Adds a user's like and counts it on the offer, in one statement: a repeated like inserts nothing
 * and counts nothing, and concurrent likes each add one under the offer's row lock. Answers the
 * offer's count, or null when the offer does not exist.
 */
export async function insertLike(db: TDb, userId: string, offerId: string): Promise<number | null> {
  try {
    const { rows } = await sql<{ likes: number | null }>`
      with inserted as (
        insert into offer_likes (user_id, offer_id) values (${userId}, ${offerId})
        on conflict do nothing
        returning offer_id
      ),
      counted as (
        update offers set likes = likes + 1 where id in (select offer_id from inserted) returning likes
      )
      select (select likes from counted) as likes`.execute(db);
    return rows[0]?.likes ?? (await findLikeCount(db, offerId));
  } catch (error) {
    if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) return null;
    throw error;
  }
}

/** Removes a user's like and uncounts it, in one statement; answers the count, or null for an unknown offer. */
export async function deleteLike(db: TDb, userId: string, offerId: string): Promise<number | null> {
  const { rows } = await sql<{ likes: number | null }>`
    with deleted as (
      delete from offer_likes where user_id = ${userId} and offer_id = ${offerId} returning offer_id
    ),
    counted as (
      update offers set likes = greatest(likes - 1, 0) where id in (select offer_id from deleted) returning likes
    )
    select (select likes from counted) as likes`.execute(db);
  return rows[0]?.likes ?? (await findLikeCount(db, offerId));
}

/** The ids of the offers a user likes, most recently liked first. */
export async function findLikedOfferIds(db: TDb, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('offer_likes')
    .select('offer_id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('offer_id')
    .execute();
  return rows.map((row) => row.offer_id);
}
