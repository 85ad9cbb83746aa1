import { type Kysely, sql } from 'kysely';

/**
 * Delivery of Connector-access offers through the data space. `buyer_connectors` names the connector a buyer
 * negotiates and receives data with (one per user; an operator assigns it). It holds the connector id, not a
 * foreign key, because the demo's sandbox rows are removed on every stop and registered again on the next start.
 * `deliveries` keeps, per order line, how far the contract negotiation and the transfer have come on the buyer's
 * connector, so My Acquisitions shows the same state after a reload. The EDR's token is never stored: it is read
 * from the buyer's connector when the data is downloaded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table buyer_connectors (
      user_id text primary key check (length(user_id) between 1 and 255),
      connector_id text not null,
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create table deliveries (
      id uuid primary key default gen_random_uuid(),
      order_id uuid not null references orders (id) on delete cascade,
      offer_id text not null,
      buyer_id text not null,
      consumer_connector_id text not null,
      provider_connector_id text not null,
      asset_id text not null,
      negotiation_id text,
      negotiation_state text,
      agreement_id text,
      transfer_id text,
      transfer_state text,
      edr_endpoint text,
      last_error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (order_id, offer_id)
    )
  `.execute(db);
  // My Acquisitions lists a buyer's deliveries on every poll.
  await sql`create index deliveries_buyer_idx on deliveries (buyer_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table deliveries`.execute(db);
  await sql`drop table buyer_connectors`.execute(db);
}
