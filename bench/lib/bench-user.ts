import type { TDb } from '../../apps/server/src/db/database';
import { createUser } from '../../apps/server/src/modules/users/create-user';
import { findUserByEmail } from '../../apps/server/src/modules/users/find-user-by-email';
import type { TUser } from '../../apps/server/src/modules/users/user';

/** A benchmark's signed-in user: the one of this e-mail, created with the user role when there is none yet. */
export async function ensureBenchUser(
  db: TDb,
  user: { email: string; name: string; password: string },
): Promise<TUser> {
  return (await findUserByEmail(db, user.email)) ?? (await createUser({ db, ...user, roles: ['DSM_USER'] }));
}
