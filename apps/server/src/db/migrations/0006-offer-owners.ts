import { type Kysely, sql } from 'kysely';

/**
 * Offers published through the wizard: who owns them (the user id, the token's subject), what the
 * wizard asked beyond the catalogue's columns (pricing option, currency, geo and time restriction,
 * the connector), and why publishing on a connector failed. Endpoints keep their description and
 * size unit, so an owner's edit shows them as typed. Imported and seeded offers have no owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table offers
      add column owner_id text,
      add column pricing_option text check (pricing_option in ('PAID', 'FREE')),
      add column currency text check (currency ~ '^[A-Z]{3}$'),
      add column geo_restriction text,
      add column time_restriction integer check (time_restriction > 0),
      add column time_unit text check (time_unit in ('Days', 'Months', 'Years')),
      add column connector_id text,
      add column publish_failure jsonb,
      add column published_at timestamptz
  `.execute(db);
  // 'My offerings' lists a user's offers, latest change first; most offers have no owner.
  await sql`create index offers_owner_idx on offers (owner_id, updated_at desc) where owner_id is not null`.execute(db);

  await sql`
    alter table distributions
      add column description text,
      add column size_unit text check (size_unit in ('KB', 'MB', 'GB'))
  `.execute(db);

  await sql`alter table licences add column created_by text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table licences drop column created_by`.execute(db);
  await sql`alter table distributions drop column description, drop column size_unit`.execute(db);
  await sql`drop index offers_owner_idx`.execute(db);
  await sql`
    alter table offers
      drop column owner_id, drop column pricing_option, drop column currency, drop column geo_restriction,
      drop column time_restriction, drop column time_unit, drop column connector_id, drop column publish_failure,
      drop column published_at
  `.execute(db);
}
