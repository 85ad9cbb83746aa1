import { type Kysely, sql } from 'kysely';

/**
 * Offer holdings: which offers a buyer holds now, so that checkout cannot sell an offer twice to the
 * same buyer, also when several checkouts race (a constraint, not a check-then-insert).
 *
 * - `offer_holdings`: one row per checkout order line. A holding is current while `released_at` is
 *   null and `ends_at` (null: until further notice) has not passed. The partial unique index allows
 *   one unreleased holding per (buyer, offer): checkout releases the holdings whose end has passed,
 *   then inserts its own with `on conflict do nothing`; a second checkout of the same offer waits for
 *   the first to commit and then inserts nothing, which answers 409.
 * - What ends a holding (see docs/pricing.md): the order or the line's invoice cancelled for
 *   non-payment (released), an unpaid renewal or usage invoice (released), a subscription the buyer
 *   cancelled (ends with its paid period), an entitlement's time restriction (ends with it). A running
 *   subscription's holding has no end: renewals keep it. A free acquisition's has none either.
 *
 * Holdings of earlier orders are backfilled by the same rules, one per buyer and offer (the one
 * lasting longest), so that buying again what a buyer already holds is refused from now on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table offer_holdings (
      id uuid primary key default gen_random_uuid(),
      user_id text not null check (length(user_id) between 1 and 255),
      offer_id uuid not null,
      order_id uuid not null references orders (id) on delete cascade,
      payment_model text not null,
      acquired_at timestamptz not null,
      ends_at timestamptz,
      released_at timestamptz,
      unique (order_id, offer_id)
    )
  `.execute(db);
  await sql`
    create unique index offer_holdings_current_idx on offer_holdings (user_id, offer_id) where released_at is null
  `.execute(db);

  await sql`
    insert into offer_holdings (user_id, offer_id, order_id, payment_model, acquired_at, ends_at)
    select distinct on (o.consumer_id, i.offer_id)
      o.consumer_id, i.offer_id, o.id, i.payment_model, o.created_at,
      case
        when e.id is null then null
        when i.payment_model = 'SUBSCRIPTION_BASED' and e.cancelled_at is null then null
        else e.ends_at
      end
    from orders o
    join order_items i on i.order_id = o.id
    left join invoices v on v.id = i.invoice_id
    left join entitlements e on e.order_id = o.id and e.offer_id = i.offer_id
    where o.kind = 'checkout' and o.state <> 'cancelled' and coalesce(v.state, 'open') <> 'cancelled'
      and (
        (e.id is null and (i.price = 0 or i.payment_model = 'FREE_OF_CHARGE'))
        or (
          e.revoked_at is null
          and (
            (i.payment_model = 'SUBSCRIPTION_BASED' and e.cancelled_at is null)
            or e.ends_at is null
            or e.ends_at > now()
          )
        )
      )
    order by o.consumer_id, i.offer_id,
      (i.payment_model = 'SUBSCRIPTION_BASED' and e.cancelled_at is null) desc,
      e.ends_at desc nulls first, o.created_at desc
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table offer_holdings`.execute(db);
}
