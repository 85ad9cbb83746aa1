import type { Database } from 'better-sqlite3';
import { sql } from 'kysely';
import type { TDb } from '../../../db/database';
import { type TWrittenDocuments, toIndexDocument, writeDocuments } from './index-documents';
import { readIndexSources } from './read-index-sources';

/**
 * What one batch of the outbox applied: how many rows it took (0: nothing was queued), the offers they named and
 * what it changed in the index (`written`); `isDropped` when the index's cursor is gone (it was not seen for longer
 * than the expiry, or a restore emptied the table): changes it missed may have been deleted, so it must be built
 * again. `touched`: the kept searches whose answers it changed (touched-searches.ts), when the writer was given
 * them; null: every answer may have changed.
 */
export type TAppliedBatch = {
  rows: number;
  offerIds: string[];
  written?: TWrittenDocuments;
  touched?: string[] | null;
  isDropped?: boolean;
};

/** One index following the outbox. */
export type TOutboxConsumer = {
  /** The index's name in `search_outbox_cursors`, kept in its folder. */
  consumer: string;
  /** Rows applied in one transaction. */
  batchSize: number;
  /** A consumer not seen for longer is dropped, so that it no longer holds rows back. */
  expirySeconds: number;
  /**
   * Rows already applied beyond the cursor, as the highest id applied per transaction (xid): committed, but above
   * the oldest transaction still running, so the cursor may not pass them yet. Kept so that a change is searchable
   * at once after its commit even while another transaction runs long, and is not written again when the cursor
   * reaches it. A committed transaction queues no more rows, and its rows are applied in id order.
   */
  appliedAhead: Map<string, string>;
};

/** Transactions applied beyond the cursor that are remembered at most; beyond, their rows wait for the cursor. */
const MOST_APPLIED_AHEAD = 50_000;

/**
 * Applies one batch of the outbox to the index: the offers as they are now are written to (or removed from) it,
 * then the consumer's cursor moves past the rows, and rows every live consumer has passed are deleted. Rows are
 * taken in (xid, id) order below the oldest transaction still running, where no row can appear any more
 * (migration 0030); committed rows above it are applied too, without moving the cursor. A crash between writing
 * and committing applies the rows again, which changes nothing.
 */
export async function applyOutboxBatch(db: TDb, writer: Database, options: TOutboxConsumer): Promise<TAppliedBatch> {
  const { consumer, batchSize, appliedAhead } = options;
  return db.transaction().execute(async (trx) => {
    const { rows: cursors } = await sql<{ last_xid: string; last_id: string; horizon: string }>`
      select last_xid::text, last_id::text, pg_snapshot_xmin(pg_current_snapshot())::text as horizon
      from search_outbox_cursors where consumer = ${consumer}`.execute(trx);
    const cursor = cursors[0];
    if (!cursor) return { rows: 0, offerIds: [], isDropped: true };
    const { rows: settled } = await sql<{ id: string; offer_id: string; xid: string }>`
      select o.id::text, o.offer_id, o.xid::text from search_outbox o
      where (o.xid, o.id) > (${cursor.last_xid}::xid8, ${cursor.last_id}::bigint) and o.xid < ${cursor.horizon}::xid8
      order by o.xid, o.id limit ${batchSize}`.execute(trx);
    const { rows: ahead } =
      appliedAhead.size < MOST_APPLIED_AHEAD
        ? await sql<{ id: string; offer_id: string; xid: string }>`
            select o.id::text, o.offer_id, o.xid::text from search_outbox o
            where o.xid >= ${cursor.horizon}::xid8 and (o.xid, o.id) > (${cursor.last_xid}::xid8, ${cursor.last_id}::bigint)
              and not exists (
                select 1 from unnest(${[...appliedAhead.keys()]}::text[]::xid8[], ${[...appliedAhead.values()]}::bigint[])
                  as applied (xid, id)
                where applied.xid = o.xid and o.id <= applied.id)
            order by o.xid, o.id limit ${batchSize}`.execute(trx)
        : { rows: [] };
    if (settled.length === 0 && ahead.length === 0) return { rows: 0, offerIds: [] };
    const isAppliedAhead = (row: { id: string; xid: string }) => {
      const highest = appliedAhead.get(row.xid);
      return highest !== undefined && BigInt(row.id) <= BigInt(highest);
    };
    const toWrite = [...settled.filter((row) => !isAppliedAhead(row)), ...ahead];
    const offerIds = [...new Set(toWrite.map((row) => row.offer_id))];
    const sources = await readIndexSources(trx, offerIds);
    const present = new Set(sources.map((source) => source.id));
    const written = writeDocuments(
      writer,
      sources.map(toIndexDocument),
      offerIds.filter((id) => !present.has(id)),
      { countWords: true },
    );
    for (const row of ahead) appliedAhead.set(row.xid, row.id);
    const last = settled.at(-1);
    if (last) {
      // Transactions the cursor has passed are done with.
      for (const xid of appliedAhead.keys()) if (BigInt(xid) < BigInt(last.xid)) appliedAhead.delete(xid);
      const moved = await sql`
        update search_outbox_cursors set last_xid = ${last.xid}::xid8, last_id = ${last.id}::bigint, seen_at = now()
        where consumer = ${consumer}`.execute(trx);
      if (Number(moved.numAffectedRows ?? 0) === 0) return { rows: 0, offerIds: [], isDropped: true };
      await forgetPassedChanges(trx, consumer, options.expirySeconds);
    }
    return { rows: settled.length + ahead.length, offerIds, written };
  });
}

/** Drops the consumers not seen for `expirySeconds`, then deletes the rows every remaining consumer has passed. */
async function forgetPassedChanges(db: TDb, consumer: string, expirySeconds: number): Promise<void> {
  await sql`
    delete from search_outbox_cursors
    where consumer <> ${consumer} and seen_at < now() - make_interval(secs => ${expirySeconds})`.execute(db);
  await sql`
    delete from search_outbox
    where (xid, id) <= (select last_xid, last_id from search_outbox_cursors order by last_xid, last_id limit 1)`.execute(
    db,
  );
}

/**
 * Makes sure the consumer has a cursor before its index is built from a snapshot, so that no row the build does not
 * hold is deleted meanwhile: a new one starts at the oldest transaction still running, which is at or below the
 * build's snapshot; an existing one keeps its position and is marked seen.
 */
export async function registerOutboxConsumer(db: TDb, consumer: string): Promise<void> {
  await sql`
    insert into search_outbox_cursors (consumer, last_xid, last_id)
    values (${consumer}, pg_snapshot_xmin(pg_current_snapshot()), 0)
    on conflict (consumer) do update set seen_at = now()`.execute(db);
}

/**
 * Moves the consumer's cursor to the position of a build's snapshot (`horizon`, the oldest transaction running
 * then: every row below it is in the build), unless it is already past it.
 */
export async function followOutboxFrom(db: TDb, consumer: string, horizon: string): Promise<void> {
  await sql`
    insert into search_outbox_cursors (consumer, last_xid, last_id) values (${consumer}, ${horizon}::xid8, 0)
    on conflict (consumer) do update set last_xid = excluded.last_xid, last_id = excluded.last_id, seen_at = now()
    where (search_outbox_cursors.last_xid, search_outbox_cursors.last_id) < (excluded.last_xid, excluded.last_id)`.execute(
    db,
  );
}
