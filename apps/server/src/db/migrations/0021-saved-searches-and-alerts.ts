import { type Kysely, sql } from 'kysely';

/**
 * Saved searches and alerts (modules/alerts):
 *
 * - `saved_searches`: a user's named search (terms, filter and sort as the search API takes them, checked
 *   against its contract before they are stored) and whether it alerts. `last_checked_at` is when the alert
 *   job last matched new offers against it, `last_notified_at` when it last told the user (at most once a
 *   day), and `seen_through` the newest offer event it was matched with: the high-water mark.
 * - `offer_events`: what the alert job has still to look at, written by statement triggers in the transaction
 *   of the change, so no path that changes an offer or records a link check can forget it: an offer becoming
 *   searchable (`published`), the price of a liked offer changing (`price`), an endpoint of a liked or bought
 *   offer turning Offline or back Online (`endpoint`). Rows are written only while someone can be told (an
 *   alerting saved search exists; the offer is liked or bought), so a harvest of a million offers writes none
 *   when nobody has an alert. The job deletes each row in the transaction that acts on it: none is missed,
 *   none is acted on twice, whatever order concurrent transactions commit in.
 * - `saved_search_matches`: new offers matched with a saved search and not yet in a notification; the digest
 *   takes them all at once.
 * - `notifications`: the in-app notification centre, one row per alert to a user: its kind, the parameters its
 *   translated text needs, the app link it leads to, when it was read, and whether it is still to be mailed.
 *   `dedupe_key` makes writing the same alert twice impossible.
 * - `alert_recipients`: where and in which language a user's alert mails go, and which kinds of alert about
 *   liked and bought offers they want; a user without a row gets both, in-app, and mails to the address the
 *   users table has, in German.
 * - `unsubscribe_tokens`: the SHA-256 of each mail's unsubscribe token and what it stops.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table saved_searches (
      id uuid primary key default gen_random_uuid(),
      user_id text not null check (length(user_id) between 1 and 255),
      name text not null check (length(name) between 1 and 100),
      query text not null default '' check (length(query) <= 1000),
      filter jsonb not null,
      sort text not null default 'relevance',
      is_alert_enabled boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      last_checked_at timestamptz,
      last_notified_at timestamptz,
      seen_through bigint,
      unique (user_id, name)
    )
  `.execute(db);
  await sql`create index saved_searches_alerting_idx on saved_searches (id) where is_alert_enabled`.execute(db);

  await sql`
    create table offer_events (
      id bigint generated always as identity primary key,
      kind text not null check (kind in ('published', 'price', 'endpoint')),
      offer_id uuid not null references offers (id) on delete cascade,
      old_price numeric,
      new_price numeric,
      currency text,
      distribution_id text,
      status text check (status in ('online', 'offline')),
      occurred_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index offer_events_kind_idx on offer_events (kind, id)`.execute(db);

  await sql`
    create table saved_search_matches (
      saved_search_id uuid not null references saved_searches (id) on delete cascade,
      offer_id uuid not null references offers (id) on delete cascade,
      matched_at timestamptz not null,
      primary key (saved_search_id, offer_id)
    )
  `.execute(db);

  await sql`
    create table notifications (
      id uuid primary key default gen_random_uuid(),
      user_id text not null check (length(user_id) between 1 and 255),
      kind text not null check (kind in ('new_offers', 'price_change', 'endpoint_offline', 'endpoint_online')),
      params jsonb not null,
      link text not null,
      dedupe_key text not null,
      saved_search_id uuid references saved_searches (id) on delete set null,
      created_at timestamptz not null default now(),
      read_at timestamptz,
      mail_state text not null default 'none' check (mail_state in ('none', 'pending', 'sent', 'failed')),
      mail_attempts integer not null default 0,
      unique (user_id, dedupe_key)
    )
  `.execute(db);
  await sql`create index notifications_user_recent_idx on notifications (user_id, created_at desc, id)`.execute(db);
  await sql`create index notifications_unread_idx on notifications (user_id) where read_at is null`.execute(db);
  await sql`create index notifications_mail_pending_idx on notifications (created_at) where mail_state = 'pending'`.execute(
    db,
  );

  await sql`
    create table alert_recipients (
      user_id text primary key check (length(user_id) between 1 and 255),
      email text check (email is null or length(email) <= 320),
      language text not null default 'de' check (language in ('de', 'en', 'fr', 'es', 'it', 'pt')),
      is_price_alert_enabled boolean not null default true,
      is_endpoint_alert_enabled boolean not null default true,
      updated_at timestamptz not null default now()
    )
  `.execute(db);

  await sql`
    create table unsubscribe_tokens (
      token_hash bytea primary key,
      user_id text not null,
      scope text not null check (scope in ('saved_search', 'price', 'endpoint')),
      saved_search_id uuid references saved_searches (id) on delete cascade,
      created_at timestamptz not null default now(),
      used_at timestamptz,
      check ((scope = 'saved_search') = (saved_search_id is not null))
    )
  `.execute(db);

  // Someone to tell: a liked offer (price, endpoint) or a bought one (endpoint).
  const isWatched = (offer: string) => sql.raw(`exists (select 1 from offer_likes l where l.offer_id = ${offer})`);
  const isBought = (offer: string) =>
    sql.raw(`exists (select 1 from entitlements e where e.offer_id = ${offer} and e.revoked_at is null)`);

  await sql`
    create function dsm_alert_inserted_offers() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from saved_searches where is_alert_enabled) then
        insert into offer_events (kind, offer_id) select 'published', id from new_rows where state = 'ACTIVE';
      end if;
      return null;
    end $$
  `.execute(db);
  await sql`
    create function dsm_alert_updated_offers() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from saved_searches where is_alert_enabled) then
        insert into offer_events (kind, offer_id)
          select 'published', n.id from new_rows n join old_rows o on o.id = n.id
          where n.state = 'ACTIVE' and o.state is distinct from 'ACTIVE';
      end if;
      insert into offer_events (kind, offer_id, old_price, new_price, currency)
        select 'price', n.id, o.price, n.price, coalesce(n.currency, 'EUR') from new_rows n join old_rows o on o.id = n.id
        where n.state = 'ACTIVE' and o.state = 'ACTIVE'
          and (n.price is distinct from o.price or n.currency is distinct from o.currency)
          and ${isWatched('n.id')};
      return null;
    end $$
  `.execute(db);
  await sql`
    create function dsm_alert_updated_link_checks() returns trigger language plpgsql as $$
    begin
      insert into offer_events (kind, offer_id, distribution_id, status)
        select 'endpoint', n.offer_id, n.distribution_id, n.status
        from new_rows n join old_rows o on o.distribution_id = n.distribution_id
        where o.status is not null and n.status is not null and o.status <> n.status and o.url = n.url
          and (${isWatched('n.offer_id')} or ${isBought('n.offer_id')});
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger offers_alert_inserted after insert on offers
      referencing new table as new_rows for each statement execute function dsm_alert_inserted_offers()
  `.execute(db);
  await sql`
    create trigger offers_alert_updated after update on offers
      referencing new table as new_rows old table as old_rows for each statement execute function dsm_alert_updated_offers()
  `.execute(db);
  await sql`
    create trigger link_checks_alert_updated after update on link_checks
      referencing new table as new_rows old table as old_rows
      for each statement execute function dsm_alert_updated_link_checks()
  `.execute(db);
}
