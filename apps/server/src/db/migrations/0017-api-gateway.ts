import { type Kysely, sql } from 'kysely';

/**
 * The API gateway: the supplier credentials of Api endpoints, and the buyers' personal API keys.
 *
 * A credential belongs to an endpoint of an offer by its position in the endpoints table (an edit
 * writes the distributions anew, so it cannot refer to their rows). Its secret is stored encrypted
 * (AES-256-GCM) and read only to forward a call.
 *
 * A key belongs to one entitlement: it works while it is not revoked and the entitlement is active.
 * Only its SHA-256 hash is stored; the prefix tells a buyer's keys apart. Rotation gives the row a new
 * secret, so the old one stops working at once. One key per entitlement is active at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table gateway_credentials (
      offer_id uuid not null references offers (id) on delete cascade,
      position integer not null check (position >= 0),
      header_name text not null check (length(header_name) between 1 and 100),
      secret_sealed text not null,
      updated_at timestamptz not null default now(),
      primary key (offer_id, position)
    )
  `.execute(db);
  await sql`
    create table api_keys (
      id uuid primary key default gen_random_uuid(),
      entitlement_id uuid not null references entitlements (id) on delete cascade,
      user_id text not null check (length(user_id) between 1 and 255),
      offer_id uuid not null,
      prefix text not null check (length(prefix) between 8 and 40),
      secret_hash text not null unique check (length(secret_hash) = 64),
      created_at timestamptz not null default now(),
      rotated_at timestamptz,
      revoked_at timestamptz
    )
  `.execute(db);
  await sql`create unique index api_keys_one_active_idx on api_keys (entitlement_id) where revoked_at is null`.execute(
    db,
  );
  // The buyer's keys of one offer, as My Acquisitions lists them.
  await sql`create index api_keys_holder_idx on api_keys (user_id, offer_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table api_keys`.execute(db);
  await sql`drop table gateway_credentials`.execute(db);
}
