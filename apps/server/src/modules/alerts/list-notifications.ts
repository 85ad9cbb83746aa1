import type { TNotificationList } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { countUnreadNotifications } from './count-unread-notifications';
import { presentNotification } from './present-notification';

/** One page of the user's notifications, newest first, with the total and the unread count. */
export async function listNotifications(
  db: TDb,
  userId: string,
  page: { index: number; pageSize: number },
): Promise<TNotificationList> {
  const [rows, total, unread] = await Promise.all([
    db
      .selectFrom('notifications')
      .select(['id', 'kind', 'params', 'link', 'created_at', 'read_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.index * page.pageSize)
      .limit(page.pageSize)
      .execute(),
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    countUnreadNotifications(db, userId),
  ]);
  return { items: rows.map(presentNotification), total: Number(total.count), unread };
}
