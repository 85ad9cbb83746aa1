import type { TDb } from '../../db/database';
import { findUserByEmail } from './find-user-by-email';
import { hashPassword, verifyPassword } from './hash-password';
import type { TUser } from './user';

/**
 * A hash of a password nobody knows: unknown e-mail addresses are checked against it, so a wrong
 * address takes as long as a wrong password and timing does not reveal which accounts exist.
 */
let dummyHash: Promise<string> | null = null;

/** The user when the e-mail address and password match; null for either being wrong. */
export async function verifyCredentials(db: TDb, email: string, password: string): Promise<TUser | null> {
  const user = await findUserByEmail(db, email);
  dummyHash ??= hashPassword(`unknown-${Math.random()}`);
  const isMatch = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
  return user && isMatch ? user : null;
}
