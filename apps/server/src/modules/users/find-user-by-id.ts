import type { TDb } from '../../db/database';
import { type TUser, toUser, USER_COLUMNS } from './user';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user with this id (a token's subject); null when there is none or the id is not a user id. */
export async function findUserById(db: TDb, id: string): Promise<TUser | null> {
  // Subjects come from tokens and cookies: anything that is not a uuid would make PostgreSQL throw.
  if (!UUID.test(id)) return null;
  const row = await db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toUser(row) : null;
}
