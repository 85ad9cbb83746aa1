import type { TDb } from '../../db/database';
import { DEMO_USERS, demoUserRoles, type TDemoUser } from './demo-users';
import { hashPassword } from './hash-password';

export type TSeedDemoUsersOptions = {
  db: TDb;
  /** The product role given to the demo users that have it, `${PRODUCT_ID}_USER`. */
  userRole: string;
  /** The operator role given to the demo operator, `${PRODUCT_ID}_OPERATOR`. */
  operatorRole: string;
};

/**
 * Creates the demo users that do not exist yet and returns those it created, so the start that
 * created them can print them. Existing accounts (also ones whose password was changed) are kept.
 */
export async function seedDemoUsers(options: TSeedDemoUsersOptions): Promise<TDemoUser[]> {
  const created: TDemoUser[] = [];
  for (const demo of DEMO_USERS) {
    const existing = await options.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', demo.email))
      .executeTakeFirst();
    if (existing) continue;
    const inserted = await options.db
      .insertInto('users')
      .values({
        email: demo.email,
        name: demo.name,
        password_hash: await hashPassword(demo.password),
        roles: demoUserRoles(demo, options),
      })
      // Two servers starting on one database: the second finds the row taken and moves on.
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) created.push(demo);
  }
  return created;
}
