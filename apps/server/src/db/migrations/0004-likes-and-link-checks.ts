import { type Kysely, sql } from 'kysely';

/**
 * Likes per user, the link checker's results per distribution, and the view My Acquisitions reads.
 *
 * - `offer_likes`: one row per user and liked offer. `offers.likes` stays the count of these rows;
 *   the likes module changes both in one statement. `user_id` is the token's subject as text,
 *   because external issuers use ids that are not UUIDs of the users table.
 * - `link_checks`: the last check of a distribution's access URL. A row is written when a check is
 *   first asked for (`requested_at`) and completed by the checker (`status`, `checked_at`); a row
 *   whose `url` no longer matches the distribution counts as never checked. `offer_id` is copied
 *   from the dataset so the search filter on working endpoints is one index lookup.
 * - `acquired_offers`: the offers each user acquired, with when. Nothing sells yet, so it is empty;
 *   the orders module replaces its definition (`create or replace view`) once orders exist, and My
 *   Acquisitions needs no change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table offer_likes (
      user_id text not null check (length(user_id) between 1 and 255),
      offer_id uuid not null references offers (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, offer_id)
    )
  `.execute(db);
  await sql`create index offer_likes_offer_idx on offer_likes (offer_id)`.execute(db);
  await sql`create index offer_likes_user_recent_idx on offer_likes (user_id, created_at desc)`.execute(db);

  await sql`
    create table link_checks (
      distribution_id text primary key references distributions (id) on delete cascade,
      offer_id uuid not null references offers (id) on delete cascade,
      url text not null,
      status text check (status in ('online', 'offline')),
      http_status integer,
      byte_size bigint check (byte_size is null or byte_size >= 0),
      failure text,
      checked_at timestamptz,
      requested_at timestamptz not null default now(),
      check ((status is null) = (checked_at is null))
    )
  `.execute(db);
  await sql`create index link_checks_online_offer_idx on link_checks (offer_id) where status = 'online'`.execute(db);
  await sql`create index link_checks_checked_idx on link_checks (checked_at nulls first, requested_at)`.execute(db);

  await sql`
    create view acquired_offers as
      select null::text as user_id, null::uuid as offer_id, null::timestamptz as acquired_at
      where false
  `.execute(db);
}
