import type { TDb } from '../../db/database';

/** How many of the user's notifications are unread. */
export async function countUnreadNotifications(db: TDb, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}
