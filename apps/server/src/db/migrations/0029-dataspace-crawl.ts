import { type Kysely, sql } from 'kysely';

/**
 * The crawl of the data space: each registered connector's DSP catalog read on a schedule into the catalogue.
 *
 * - `crawl_runs`: one row per crawl of one connector, with what it did (`counts`: added, updated, removed,
 *   failed), the datasets that failed with their reasons, and the reason the whole run failed. The partial unique
 *   index allows one running crawl per connector, so two at once (two servers, or 'Crawl now' twice) cannot both
 *   write the same offers: the second is refused.
 * - `crawl_records`: which catalogue offer each dataset of a connector's catalog became, with the fingerprint of
 *   what it said, so an unchanged dataset is not written again, and the last run that saw it, so a dataset that
 *   left the catalog is found and its offer removed (soft-deleted, as the harvest does).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table crawl_runs (
      id uuid primary key,
      connector_id text not null references connectors (id) on delete cascade,
      status text not null check (status in ('running', 'succeeded', 'failed')),
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      counts jsonb not null default '{"added":0,"updated":0,"removed":0,"failed":0}',
      failures jsonb not null default '[]',
      error text
    )
  `.execute(db);
  await sql`create index crawl_runs_connector_idx on crawl_runs (connector_id, started_at desc)`.execute(db);
  await sql`create unique index crawl_runs_one_running_idx on crawl_runs (connector_id) where status = 'running'`.execute(
    db,
  );
  await sql`
    create table crawl_records (
      connector_id text not null references connectors (id) on delete cascade,
      dataset_id text not null,
      offer_id uuid not null unique references offers (id) on delete cascade,
      content_hash text not null,
      last_seen_run uuid,
      removed_at timestamptz,
      primary key (connector_id, dataset_id)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table crawl_records`.execute(db);
  await sql`drop table crawl_runs`.execute(db);
}
