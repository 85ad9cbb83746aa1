import { type Kysely, sql } from 'kysely';

/**
 * The marketplace's commission invoices and the organisation's telephone.
 *
 * - `organisations.contact_phone`: optional (empty when not given); XRechnung asks for the seller's
 *   contact telephone (BR-DE-6).
 * - `commission_invoices`: the marketplace bills each supplier its commission on a sale with an
 *   invoice of its own, one per supplier invoice (`invoice_id`, at most one), issued in the same
 *   transaction. The marketplace is the issuer: numbers run gap-free per year in its own range
 *   (`issuer_key`, taken from `invoice_number_ranges` like every other issuer's). Both parties are
 *   copied at issue: the marketplace (`seller_party`) and the supplier's organisation (`buyer_party`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table organisations add column contact_phone text not null default ''`.execute(db);
  await sql`
    create table commission_invoices (
      id uuid primary key default gen_random_uuid(),
      invoice_id uuid not null unique references invoices (id) on delete cascade,
      supplier_id text not null,
      number text not null,
      year integer not null,
      sequence integer not null check (sequence > 0),
      issuer_key text not null,
      seller_party jsonb not null,
      buyer_party jsonb,
      is_reverse_charge boolean not null,
      issued_at timestamptz not null,
      due_at timestamptz not null,
      commission_rate numeric(5, 4) not null check (commission_rate between 0 and 1),
      net numeric(14, 2) not null check (net >= 0),
      vat_rate numeric(5, 4) not null,
      vat numeric(14, 2) not null check (vat >= 0),
      gross numeric(14, 2) not null check (gross >= 0),
      unique (issuer_key, year, sequence)
    )
  `.execute(db);
  await sql`create index commission_invoices_supplier_idx on commission_invoices (supplier_id, issued_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table commission_invoices`.execute(db);
  await sql`alter table organisations drop column contact_phone`.execute(db);
}
