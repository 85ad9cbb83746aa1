import { type Kysely, sql } from 'kysely';

/**
 * Entitlements: what a buyer may use because they paid for it. One row per paid order line (an
 * order of a free offer grants nothing, since free offers need none), active from `starts_at` until
 * `ends_at` (null: it does not end) unless `revoked_at` says the line's invoice or order was
 * cancelled. Rows are written in the order's transaction; later steps (subscription periods,
 * metered usage, API keys) refer to them by id.
 *
 * The end comes from the offer's time restriction (value and unit from the wizard) at the time of
 * the order. Existing orders are backfilled the same way, with the cancellations they had.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table entitlements (
      id uuid primary key default gen_random_uuid(),
      user_id text not null check (length(user_id) between 1 and 255),
      offer_id uuid not null,
      order_id uuid not null references orders (id) on delete cascade,
      starts_at timestamptz not null,
      ends_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz not null default now(),
      unique (order_id, offer_id),
      check (ends_at is null or ends_at > starts_at)
    )
  `.execute(db);
  // Every offer shown to a signed-in user asks for that user's entitlements to the offers on the page.
  await sql`create index entitlements_holder_idx on entitlements (user_id, offer_id)`.execute(db);
  // A supplier's view of who holds their offer (usage, later steps).
  await sql`create index entitlements_offer_idx on entitlements (offer_id)`.execute(db);

  await sql`
    insert into entitlements (user_id, offer_id, order_id, starts_at, ends_at, revoked_at)
    select o.consumer_id, i.offer_id, o.id, o.created_at,
      case
        when f.time_restriction is null or f.time_unit is null then null
        when f.time_unit = 'Days' then o.created_at + make_interval(days => f.time_restriction)
        when f.time_unit = 'Months' then o.created_at + make_interval(months => f.time_restriction)
        else o.created_at + make_interval(years => f.time_restriction)
      end,
      case
        when o.state = 'cancelled' then coalesce(o.cancelled_at, o.updated_at)
        when v.state = 'cancelled' then coalesce(v.cancelled_at, o.updated_at)
      end
    from orders o
    join order_items i on i.order_id = o.id
    left join invoices v on v.id = i.invoice_id
    left join offers f on f.id = i.offer_id
    where i.price > 0 and i.payment_model <> 'FREE_OF_CHARGE'
    on conflict (order_id, offer_id) do nothing
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table entitlements`.execute(db);
}
