import { type Kysely, sql } from 'kysely';

/**
 * Pricing models honoured: a subscription renews monthly with a new invoice, metered offers (per
 * download, per MB) are invoiced monthly in arrears from the usage table.
 *
 * - `orders.kind`: `checkout` (the buyer's cart), `renewal` (one more month of a subscription) or
 *   `usage` (one month of metered usage of one supplier's offers for one buyer). Renewals and usage
 *   invoices are orders of their own, so paying, listing, the PDF and the payment window work for them
 *   as for any order.
 * - `orders.billing_key`: what a renewal or usage order bills (`renewal:<entitlement>:<period start>`,
 *   `usage:<buyer>:<supplier>:<YYYY-MM>`); unique, so a job run twice or two runs at once bill it once.
 * - `order_items.quantity`, `unit_price`: a metered or renewal line's quantity (downloads, MB with
 *   three decimals, months) and its unit price; `price` stays the line's net amount. Null on checkout
 *   lines, which are one unit at `price`.
 * - `order_items.entitlement_id`: the entitlement a renewal or usage line bills, so an unpaid one ends it.
 * - `order_items.licence`: the offer's licence as the buyer accepted it at checkout.
 * - `entitlements.cancelled_at`: the buyer cancelled the subscription; it runs to the end of the paid
 *   period (`ends_at`) and is not renewed.
 * - `acquired_offers` lists the offers of checkout orders only: a renewal or a usage invoice is no new
 *   acquisition.
 *
 * Subscriptions bought before were invoiced for their first month (the invoices' service period)
 * but granted access by the offer's time restriction. Their entitlements now end with a paid period,
 * counted in months from the start in UTC as checkout counts them: a revoked one (its invoice went
 * unpaid) with its first month, a running one with the period running now, which the renewal job then
 * renews like any other. Ended ones stay ended.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table orders
      add column kind text not null default 'checkout' check (kind in ('checkout', 'renewal', 'usage')),
      add column billing_key text unique,
      add check ((kind = 'checkout') = (billing_key is null))
  `.execute(db);
  await sql`
    alter table order_items
      add column quantity numeric(18, 3) check (quantity >= 0),
      add column unit_price numeric(14, 2) check (unit_price >= 0),
      add column entitlement_id uuid references entitlements (id) on delete set null,
      add column licence text
  `.execute(db);
  await sql`alter table entitlements add column cancelled_at timestamptz`.execute(db);
  // The renewal job looks for subscriptions whose paid period has ended.
  await sql`
    create index entitlements_renewal_idx on entitlements (ends_at)
    where revoked_at is null and cancelled_at is null and ends_at is not null
  `.execute(db);
  await sql`
    update entitlements e
    set ends_at = (
      select (e.starts_at at time zone 'UTC' + make_interval(months => n)) at time zone 'UTC'
      from generate_series(1, 1200) as n
      where e.revoked_at is not null
        or (e.starts_at at time zone 'UTC' + make_interval(months => n)) at time zone 'UTC' > now()
      order by n
      limit 1
    )
    from order_items i
    where i.order_id = e.order_id and i.offer_id = e.offer_id and i.payment_model = 'SUBSCRIPTION_BASED'
      and (e.revoked_at is not null or e.ends_at is null or e.ends_at > now())
  `.execute(db);
  await sql`
    create or replace view acquired_offers as
      select o.consumer_id as user_id, i.offer_id, min(o.created_at) as acquired_at
      from orders o
      join order_items i on i.order_id = o.id
      left join invoices v on v.id = i.invoice_id
      where o.kind = 'checkout' and o.state <> 'cancelled' and coalesce(v.state, 'open') <> 'cancelled'
      group by o.consumer_id, i.offer_id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace view acquired_offers as
      select o.consumer_id as user_id, i.offer_id, min(o.created_at) as acquired_at
      from orders o
      join order_items i on i.order_id = o.id
      left join invoices v on v.id = i.invoice_id
      where o.state <> 'cancelled' and coalesce(v.state, 'open') <> 'cancelled'
      group by o.consumer_id, i.offer_id
  `.execute(db);
  await sql`drop index entitlements_renewal_idx`.execute(db);
  await sql`alter table entitlements drop column cancelled_at`.execute(db);
  await sql`
    alter table order_items drop column quantity, drop column unit_price, drop column entitlement_id,
      drop column licence
  `.execute(db);
  await sql`alter table orders drop column kind, drop column billing_key`.execute(db);
}
