import { ErrorCode } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { hashPassword } from './hash-password';
import type { TUser } from './user';

export type TCreateUserOptions = {
  db: TDb;
  email: string;
  name: string;
  /** The plain password; only its scrypt hash is stored. */
  password: string;
  /** Realm roles, e.g. the product role `${PRODUCT_ID}_USER`. */
  roles: string[];
};

const UNIQUE_VIOLATION = '23505';

/**
 * Stores a new user with a hashed password. The strength rule is the caller's to check (sign-up
 * checks it; seeds and tests may not need to). Throws CONFLICT when the e-mail address is taken.
 */
export async function createUser(options: TCreateUserOptions): Promise<TUser> {
  const passwordHash = await hashPassword(options.password);
  try {
    const row = await options.db
      .insertInto('users')
      .values({
        email: options.email.trim(),
        name: options.name.trim(),
        password_hash: passwordHash,
        roles: options.roles,
      })
      .returning(['id', 'email', 'name', 'roles'])
      .executeTakeFirstOrThrow();
    return { id: row.id, email: row.email, name: row.name, roles: row.roles, passwordHash };
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
      throw new AppError(ErrorCode.CONFLICT, 'An account with this e-mail address exists');
    }
    throw error;
  }
}
