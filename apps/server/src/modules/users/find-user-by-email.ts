import type { TDb } from '../../db/database';
import { type TUser, toUser, USER_COLUMNS } from './user';

/** The user with this e-mail address, compared without case; null when there is none. */
export async function findUserByEmail(db: TDb, email: string): Promise<TUser | null> {
  const row = await db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  return row ? toUser(row) : null;
}
