import type { TDb } from '../../db/database';

/** Marks every unread notification of the user read; answers how many. */
export async function markAllNotificationsRead(db: TDb, userId: string, now: Date): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
