import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import { findPaidOfferPublisherIds } from '../catalogue/find-paid-offer-publisher-ids';
import { findUserByEmail } from '../users/find-user-by-email';

/** The demo account that sells: seeded by the identity work (modules/users/demo-users.ts). */
export const DEMO_SUPPLIER_EMAIL = 'supplier@example.com';

export type TSeedDemoSupplierOptions = {
  db: TDb;
};

/**
 * Makes the demo supplier a member of every publisher of a paid offer for sale that nobody acts for
 * yet, so that the demo supplier's organisation (a complete profile: address, VAT ID, bank account,
 * see organisations/demo-organisations.ts) sells every paid demo offer, and any of them can be bought,
 * invoiced and paid. Without it such an offer is not for sale (SELLER_INCOMPLETE). Publishers some
 * user acts for are left to that user. Does nothing when the demo supplier does not exist (an external
 * identity provider). Runs at every start, so a catalogue seeded before this rule gets its sellers;
 * a second run finds nothing to add. Returns the agents it added.
 */
export async function seedDemoSupplier(options: TSeedDemoSupplierOptions): Promise<string[]> {
  const { db } = options;
  const supplier = await findUserByEmail(db, DEMO_SUPPLIER_EMAIL);
  if (!supplier) return [];
  const publisherIds = await findPaidOfferPublisherIds(db);
  const { rows } = await sql<{ agent_id: string }>`
    insert into agent_members (agent_id, user_id)
    select p.id, ${supplier.id}::text
    from unnest(${publisherIds}::text[]) as p (id)
    where not exists (select 1 from agent_members m where m.agent_id = p.id)
    order by 1
    on conflict (agent_id, user_id) do nothing
    returning agent_id
  `.execute(db);
  return rows.map((row) => row.agent_id).sort();
}
