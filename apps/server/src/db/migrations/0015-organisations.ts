import { type Kysely, sql } from 'kysely';

/**
 * Organisations and invoices that meet §14 UStG.
 *
 * - `organisations`: the party a user buys or sells for, with postal address, country, VAT ID,
 *   bank account (suppliers) and contact e-mail. Optional values not given are empty strings.
 * - `organisation_members`: a user (the token's subject, as in `agent_members`) belongs to at most
 *   one organisation. A publisher agent sells as the organisation of its members (see
 *   modules/organisations/find-seller-organisation.ts), so one organisation may sell for several
 *   publishers, as the demo supplier does.
 * - `invoices` snapshot both parties as they were when the invoice was issued (`seller_party`,
 *   `buyer_party`), so later profile edits leave issued invoices alone; they carry the service
 *   period and whether reverse charge applies. Numbers run per issuer and year without gaps: the
 *   issuer is the seller's organisation, or the publisher agent where no organisation sells for it.
 *   Invoices numbered before this migration keep the marketplace-wide range they were issued in
 *   (issuer `marketplace`). `invoice_number_ranges` replaces `invoice_counters`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table organisations (
      id uuid primary key default gen_random_uuid(),
      legal_name text not null check (length(legal_name) between 1 and 200),
      street text not null check (length(street) between 1 and 200),
      postal_code text not null check (length(postal_code) between 1 and 20),
      city text not null check (length(city) between 1 and 100),
      country text not null check (country ~ '^[A-Z]{2}$'),
      vat_id text not null default '',
      iban text not null default '',
      bic text not null default '',
      contact_email text not null check (length(contact_email) between 3 and 254),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create table organisation_members (
      user_id text primary key check (length(user_id) between 1 and 255),
      organisation_id uuid not null references organisations (id) on delete cascade,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index organisation_members_organisation_idx on organisation_members (organisation_id)`.execute(db);

  await sql`
    alter table invoices
      add column issuer_key text,
      add column seller_party jsonb,
      add column buyer_party jsonb,
      add column service_from timestamptz,
      add column service_to timestamptz,
      add column is_reverse_charge boolean not null default false
  `.execute(db);
  await sql`update invoices set issuer_key = 'marketplace'`.execute(db);
  await sql`alter table invoices alter column issuer_key set not null`.execute(db);
  await sql`alter table invoices drop constraint invoices_year_sequence_key, drop constraint invoices_number_key`.execute(
    db,
  );
  await sql`alter table invoices add constraint invoices_issuer_sequence_key unique (issuer_key, year, sequence)`.execute(
    db,
  );

  await sql`
    create table invoice_number_ranges (
      issuer_key text not null,
      year integer not null,
      last_number integer not null check (last_number > 0),
      primary key (issuer_key, year)
    )
  `.execute(db);
  await sql`
    insert into invoice_number_ranges (issuer_key, year, last_number)
      select 'marketplace', year, last_number from invoice_counters
  `.execute(db);
  await sql`drop table invoice_counters`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table invoice_counters (
      year integer primary key,
      last_number integer not null check (last_number > 0)
    )
  `.execute(db);
  await sql`
    insert into invoice_counters (year, last_number)
      select year, max(sequence) from invoices group by year
  `.execute(db);
  await sql`drop table invoice_number_ranges`.execute(db);
  await sql`alter table invoices drop constraint invoices_issuer_sequence_key`.execute(db);
  await sql`
    alter table invoices
      drop column issuer_key, drop column seller_party, drop column buyer_party, drop column service_from,
      drop column service_to, drop column is_reverse_charge
  `.execute(db);
  await sql`drop table organisation_members`.execute(db);
  await sql`drop table organisations`.execute(db);
}
