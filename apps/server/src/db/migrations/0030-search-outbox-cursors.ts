import { type Kysely, sql } from 'kysely';

/**
 * Several server processes follow one catalogue, each with its own search index. The outbox is no longer emptied
 * by the one reader that applied it: each index (a consumer) keeps its position in `search_outbox_cursors`, and
 * rows are deleted only once every live consumer has passed them.
 *
 * - `search_outbox.xid`: the transaction that queued the row. Identity values are handed out in one order and
 *   committed in another, so a reader that advanced past id 11 could later see id 10 commit. Rows are read in
 *   (xid, id) order and only below `pg_snapshot_xmin(pg_current_snapshot())`: every transaction below it has
 *   ended, so no row can appear there any more, and a position in that order never skips one.
 * - `search_outbox_cursors`: per consumer, the (xid, id) of the last row it holds and when it was last seen;
 *   a consumer not seen for a while (SEARCH_CONSUMER_EXPIRY_SECONDS) is dropped and builds its index again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table search_outbox add column xid xid8 not null default pg_current_xact_id()`.execute(db);
  await sql`create index search_outbox_position_idx on search_outbox (xid, id)`.execute(db);
  await sql`
    create table search_outbox_cursors (
      consumer text primary key,
      last_xid xid8 not null,
      last_id bigint not null,
      seen_at timestamptz not null default now()
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table search_outbox_cursors`.execute(db);
  await sql`drop index search_outbox_position_idx`.execute(db);
  await sql`alter table search_outbox drop column xid`.execute(db);
}
