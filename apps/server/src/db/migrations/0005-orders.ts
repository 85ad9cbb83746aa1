import { type Kysely, sql } from 'kysely';

/**
 * Orders and invoices.
 *
 * - `agent_members`: which users act for which publisher agents. A supplier sees and settles the
 *   invoices of the agents it is a member of. `user_id` is the token's subject as text, because
 *   external issuers use ids that are not UUIDs of the users table.
 * - `orders` and `order_items`: what a buyer ordered, with the payment model, price and supplier at
 *   the time. Items keep no foreign key to offers: an order stays a true record of the purchase
 *   when an offer is withdrawn later. A retried request finds its order by (consumer, Idempotency-Key).
 * - `invoices`: one per supplier and order, numbered per year without gaps. `invoice_counters`
 *   holds the last number of each year; it is incremented in the order's transaction, so a rolled
 *   back order gives its number back and concurrent orders queue on the year's row.
 * - `acquired_offers` (defined empty by 0004) now lists the offers of every order and invoice that
 *   is not cancelled, so My Acquisitions shows purchases without knowing about orders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table agent_members (
      agent_id text not null references agents (id) on delete cascade,
      user_id text not null check (length(user_id) between 1 and 255),
      created_at timestamptz not null default now(),
      primary key (agent_id, user_id)
    )
  `.execute(db);
  await sql`create index agent_members_user_idx on agent_members (user_id)`.execute(db);

  await sql`
    create table orders (
      id uuid primary key default gen_random_uuid(),
      consumer_id text not null check (length(consumer_id) between 1 and 255),
      consumer_name text not null default '',
      consumer_email text not null default '',
      state text not null default 'placed' check (state in ('placed', 'invoiced', 'paid', 'cancelled')),
      payment_method text not null default 'INVOICE',
      idempotency_key text,
      request_fingerprint text not null,
      created_at timestamptz not null default now(),
      pay_by timestamptz not null,
      paid_at timestamptz,
      cancelled_at timestamptz,
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create unique index orders_idempotency_idx on orders (consumer_id, idempotency_key)
      where idempotency_key is not null
  `.execute(db);
  await sql`create index orders_consumer_idx on orders (consumer_id, created_at desc, id)`.execute(db);
  // The auto-cancel job reads only the orders still waiting for payment.
  await sql`create index orders_unpaid_idx on orders (pay_by) where state in ('placed', 'invoiced')`.execute(db);

  await sql`
    create table invoices (
      id uuid primary key default gen_random_uuid(),
      order_id uuid not null references orders (id) on delete cascade,
      number text not null unique,
      year integer not null,
      sequence integer not null check (sequence > 0),
      supplier_id text not null,
      supplier_name text not null,
      issued_at timestamptz not null,
      due_at timestamptz not null,
      net numeric(14, 2) not null check (net >= 0),
      vat_rate numeric(5, 4) not null,
      vat numeric(14, 2) not null check (vat >= 0),
      gross numeric(14, 2) not null check (gross >= 0),
      commission_rate numeric(5, 4) not null check (commission_rate between 0 and 1),
      commission numeric(14, 2) not null check (commission >= 0),
      state text not null default 'open' check (state in ('open', 'paid', 'cancelled')),
      paid_at timestamptz,
      paid_by text,
      cancelled_at timestamptz,
      unique (year, sequence),
      unique (order_id, supplier_id)
    )
  `.execute(db);
  await sql`create index invoices_supplier_idx on invoices (supplier_id, issued_at desc, id)`.execute(db);

  await sql`
    create table order_items (
      order_id uuid not null references orders (id) on delete cascade,
      position integer not null check (position >= 0),
      offer_id uuid not null,
      provider_id text not null,
      provider_name text not null,
      title text not null,
      payment_model text not null,
      price numeric(14, 2) not null check (price >= 0),
      invoice_id uuid references invoices (id),
      primary key (order_id, position),
      unique (order_id, offer_id)
    )
  `.execute(db);
  await sql`create index order_items_offer_idx on order_items (offer_id)`.execute(db);
  await sql`create index order_items_invoice_idx on order_items (invoice_id)`.execute(db);

  await sql`
    create table invoice_counters (
      year integer primary key,
      last_number integer not null check (last_number > 0)
    )
  `.execute(db);

  // Same columns, names and types as 0004's placeholder, which `create or replace view` requires.
  await sql`
    create or replace view acquired_offers as
      select o.consumer_id as user_id, i.offer_id, min(o.created_at) as acquired_at
      from orders o
      join order_items i on i.order_id = o.id
      left join invoices v on v.id = i.invoice_id
      where o.state <> 'cancelled' and coalesce(v.state, 'open') <> 'cancelled'
      group by o.consumer_id, i.offer_id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace view acquired_offers as
      select null::text as user_id, null::uuid as offer_id, null::timestamptz as acquired_at
      where false
  `.execute(db);
  await sql`drop table invoice_counters`.execute(db);
  await sql`drop table order_items`.execute(db);
  await sql`drop table invoices`.execute(db);
  await sql`drop table orders`.execute(db);
  await sql`drop table agent_members`.execute(db);
}
