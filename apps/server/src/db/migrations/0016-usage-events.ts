import { type Kysely, sql } from 'kysely';

/**
 * Usage: every delivery through the marketplace (a download, a request through the API gateway, a
 * connector transfer) appends one row naming the entitlement it used, when, how it ended and how
 * many bytes went to the buyer. Metered prices (per download, per MB) are invoiced from these rows,
 * and buyers and suppliers read their usage from them.
 *
 * The table is append-only: a trigger refuses updates, and deletes other than the cascade from a
 * removed entitlement (orders are removed only with their whole history).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table usage_events (
      id bigint generated always as identity primary key,
      entitlement_id uuid not null references entitlements (id) on delete cascade,
      offer_id uuid not null,
      user_id text not null check (length(user_id) between 1 and 255),
      channel text not null check (channel in ('download', 'api', 'connector')),
      succeeded boolean not null,
      http_status integer check (http_status between 100 and 599),
      bytes bigint not null default 0 check (bytes >= 0),
      occurred_at timestamptz not null default now()
    )
  `.execute(db);
  // A buyer's usage of one entitlement over a period; invoicing a month of one entitlement.
  await sql`create index usage_events_entitlement_idx on usage_events (entitlement_id, occurred_at)`.execute(db);
  // A supplier's usage of their offer.
  await sql`create index usage_events_offer_idx on usage_events (offer_id, occurred_at)`.execute(db);

  await sql`
    create function usage_events_append_only() returns trigger language plpgsql as $$
    begin
      -- A cascade from a removed entitlement runs one trigger deeper than a statement of its own.
      if tg_op = 'DELETE' and pg_trigger_depth() > 1 then
        return old;
      end if;
      raise exception 'usage_events is append-only' using errcode = 'P0001';
    end
    $$
  `.execute(db);
  await sql`
    create trigger usage_events_append_only before update or delete on usage_events
    for each row execute function usage_events_append_only()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table usage_events`.execute(db);
  await sql`drop function usage_events_append_only()`.execute(db);
}
