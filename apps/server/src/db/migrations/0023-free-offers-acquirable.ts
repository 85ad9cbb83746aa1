import { type Kysely, sql } from 'kysely';

/**
 * A free offer its supplier published on the marketplace can be acquired: checkout records the
 * acquisition with the licence accepted, and issues no invoice. Such offers are for sale at 0 €
 * (`is_sellable`), like the priced ones; free offers harvested from other portals stay as they are
 * (their data is got from the source).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update offers set is_sellable = true where pricing_option = 'FREE' and not is_sellable`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update offers set is_sellable = false where pricing_option = 'FREE' and is_sellable`.execute(db);
}
