import { type Kysely, sql } from 'kysely';

/**
 * The commission invoice's own lifecycle, and VAT outside Germany's scope.
 *
 * - `commission_invoices.state`: `open` until the operator records its payment (`paid_at`,
 *   `paid_by`), `cancelled` once the supplier invoice it bills was cancelled. A cancellation is a
 *   document of its own (Stornorechnung): `cancellation_number` runs gap-free in the marketplace's
 *   range (`issuer_key`, shared with the commission invoices), issued at `cancelled_at`, with the
 *   original's amounts negated.
 * - `is_not_taxable` on invoices and commission invoices: a service to a business outside the EU is
 *   supplied where that business sits (§3a Abs. 2 UStG): 0 % and the note, not reverse charge.
 *
 * Commission invoices of sales cancelled before this migration are cancelled here, numbered in the
 * order their sales were cancelled, in the year of that cancellation (German time).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table commission_invoices
      add column state text not null default 'open' check (state in ('open', 'paid', 'cancelled')),
      add column paid_at timestamptz,
      add column paid_by text,
      add column cancelled_at timestamptz,
      add column cancellation_number text unique,
      add column cancellation_year integer,
      add column cancellation_sequence integer check (cancellation_sequence > 0),
      add column is_not_taxable boolean not null default false
  `.execute(db);
  await sql`
    create unique index commission_invoices_cancellation_idx
      on commission_invoices (issuer_key, cancellation_year, cancellation_sequence)
      where cancellation_sequence is not null
  `.execute(db);
  // The operator's list, newest first.
  await sql`create index commission_invoices_issued_idx on commission_invoices (issued_at desc, id)`.execute(db);
  await sql`alter table invoices add column is_not_taxable boolean not null default false`.execute(db);

  const legacy = await sql<{ id: string; issuer_key: string; number_code: string; cancelled_at: Date }>`
    select c.id, c.issuer_key, split_part(c.number, '-', 1) as number_code,
      coalesce(i.cancelled_at, now()) as cancelled_at
    from commission_invoices c join invoices i on i.id = c.invoice_id
    where i.state = 'cancelled'
    order by i.cancelled_at, c.year, c.sequence
  `.execute(db);
  for (const row of legacy.rows) {
    const year = Number(
      new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', year: 'numeric' }).format(row.cancelled_at),
    );
    const range = await sql<{ last_number: number }>`
      insert into invoice_number_ranges (issuer_key, year, last_number) values (${row.issuer_key}, ${year}, 1)
      on conflict (issuer_key, year) do update set last_number = invoice_number_ranges.last_number + 1
      returning last_number
    `.execute(db);
    const sequence = range.rows[0]!.last_number;
    await sql`
      update commission_invoices set state = 'cancelled', cancelled_at = ${row.cancelled_at},
        cancellation_year = ${year}, cancellation_sequence = ${sequence},
        cancellation_number = ${`${row.number_code}-${year}-${String(sequence).padStart(6, '0')}`}
      where id = ${row.id}
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table invoices drop column is_not_taxable`.execute(db);
  await sql`drop index commission_invoices_issued_idx`.execute(db);
  await sql`drop index commission_invoices_cancellation_idx`.execute(db);
  await sql`
    alter table commission_invoices
      drop column state, drop column paid_at, drop column paid_by, drop column cancelled_at,
      drop column cancellation_number, drop column cancellation_year, drop column cancellation_sequence,
      drop column is_not_taxable
  `.execute(db);
}
