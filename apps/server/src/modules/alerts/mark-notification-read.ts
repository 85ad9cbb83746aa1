import { ErrorCode, type TNotification } from '@dsm/contracts';
import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { presentNotification } from './present-notification';

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
