import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import { findUserByEmail } from '../users/find-user-by-email';
import { addAgentMember } from './add-agent-member';

/** The demo account that sells: seeded by the identity work (modules/users/demo-users.ts). */
export const DEMO_SUPPLIER_EMAIL = 'supplier@example.com';

export type TSeedDemoSupplierOptions = {
  db: TDb;
  /** How many publishers the demo supplier acts for. */
  agents?: number;
};

/**
 * Makes the demo supplier a member of the publishers with the most paid offers for sale, so the
 * demo shows sales as soon as the demo buyer orders one of theirs. Does nothing when the demo
 * supplier does not exist (an external identity provider) or already acts for a publisher, so it
 * runs at every start. Returns the agents it added.
 */
export async function seedDemoSupplier(options: TSeedDemoSupplierOptions): Promise<string[]> {
  const { db } = options;
  const supplier = await findUserByEmail(db, DEMO_SUPPLIER_EMAIL);
  if (!supplier) return [];
  const existing = await db
    .selectFrom('agent_members')
    .select('agent_id')
    .where('user_id', '=', supplier.id)
    .executeTakeFirst();
  if (existing) return [];
  const publishers = await db
    .selectFrom('datasets as d')
    .innerJoin('offers as o', 'o.id', 'd.offer_id')
    .select(['d.publisher_id', sql<string>`count(*)`.as('sellable')])
    .where('d.position', '=', 0)
    .where('o.is_sellable', '=', true)
    .where('o.price', '>', '0')
    .where('o.payment_model', '<>', 'FREE_OF_CHARGE')
    .groupBy('d.publisher_id')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('d.publisher_id')
    .limit(options.agents ?? 3)
    .execute();
  for (const publisher of publishers) {
    await addAgentMember({ db, agentId: publisher.publisher_id, userId: supplier.id });
  }
  return publishers.map((publisher) => publisher.publisher_id);
}
