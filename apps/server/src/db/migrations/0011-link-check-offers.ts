import { type Kysely, sql } from 'kysely';

/**
 * Makes harvesting cheaper for the link checker's part:
 *
 * - `link_check_offers`: offers whose distributions the link checker has still to look at. A harvest
 *   writes one row per created or changed offer instead of a `link_checks` request row per distribution
 *   (3.4 per offer, each with two foreign-key checks and three index entries); the checker's sweep takes
 *   a few of these offers at a time and records requests for their distributions never checked, or
 *   checked for another URL. No foreign key: an offer deleted before the sweep simply has no
 *   distributions left, and the harvest pays nothing for a check it does not need.
 * - The foreign key `link_checks.offer_id -> offers` goes. A link check belongs to a distribution, whose
 *   own foreign key already removes it with its dataset and offer; the second one only cost a check on
 *   every write, and on every deleted offer a scan of `link_checks` (its only index on `offer_id` is
 *   partial, so the cascade could not use it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table link_check_offers (offer_id uuid primary key)`.execute(db);
  await sql`alter table link_checks drop constraint link_checks_offer_id_fkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from link_checks where offer_id not in (select id from offers)`.execute(db);
  await sql`
    alter table link_checks
      add constraint link_checks_offer_id_fkey foreign key (offer_id) references offers (id) on delete cascade
  `.execute(db);
  await sql`drop table link_check_offers`.execute(db);
}
