import { ErrorCode, type TNotification, type TNotificationList, ZNotification } from '@dsm/contracts';
import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';

type TNotificationRow = {
  id: string;
  kind: TNotification['kind'];
  params: Record<string, unknown>;
  link: string;
  created_at: Date;
  read_at: Date | null;
};

/** The fields of a notification that leave the server. */
export function presentNotification(row: TNotificationRow): TNotification {
  return {
    id: row.id,
    kind: row.kind,
    params: ZNotification.shape.params.parse(row.params),
    link: row.link,
    createdAt: row.created_at.toISOString(),
    readAt: row.read_at?.toISOString() ?? null,
  };
}

async function countUnread(db: TDb, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

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
    countUnread(db, userId),
  ]);
  return { items: rows.map(presentNotification), total: Number(total.count), unread };
}

/** How many of the user's notifications are unread. */
export async function countUnreadNotifications(db: TDb, userId: string): Promise<number> {
  return countUnread(db, userId);
}

/** Marks the user's own notification read (again: no change); another user's is NOT_FOUND. */
export async function markNotificationRead(db: TDb, userId: string, id: string, now: Date): Promise<TNotification> {
  const row = await db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`coalesce(read_at, ${now})` as never })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(['id', 'kind', 'params', 'link', 'created_at', 'read_at'])
    .executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, `No notification ${id}`);
  return presentNotification(row);
}

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
