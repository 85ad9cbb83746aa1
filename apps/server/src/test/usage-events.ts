import type { TDb } from '../db/database';

/** The usage rows of a user's use of an offer, oldest first: its channel, success, HTTP status and bytes. */
export function usageEventsOf(db: TDb, userId: string, offerId: string) {
  return db
    .selectFrom('usage_events')
    .select(['channel', 'succeeded', 'http_status', 'bytes'])
    .where('user_id', '=', userId)
    .where('offer_id', '=', offerId)
    .orderBy('id')
    .execute();
}
