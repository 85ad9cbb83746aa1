import type { Database } from 'better-sqlite3';
import { sql } from 'kysely';
import type { TDb } from '../../../db/database';
import { toIndexDocument, writeDocuments } from './index-documents';
import { readIndexSources } from './read-index-sources';

/** What one batch of the outbox applied: how many rows it took (0: nothing was queued) and the offers they named. */
export type TAppliedBatch = { rows: number; offerIds: string[] };

/**
 * Applies one batch of the outbox: the offers as they are now are written to (or removed from) the index,
 * then their rows are deleted. A crash between the two applies them again, which changes nothing.
 */
export async function applyOutboxBatch(db: TDb, writer: Database, batchSize: number): Promise<TAppliedBatch> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: string; offer_id: string }>`
      select id, offer_id from search_outbox order by id limit ${batchSize} for update skip locked`.execute(trx);
    if (rows.length === 0) return { rows: 0, offerIds: [] };
    const offerIds = [...new Set(rows.map((row) => row.offer_id))];
    const sources = await readIndexSources(trx, offerIds);
    const present = new Set(sources.map((source) => source.id));
    writeDocuments(
      writer,
      sources.map(toIndexDocument),
      offerIds.filter((id) => !present.has(id)),
      { countWords: true },
    );
    await sql`delete from search_outbox where id = any(${rows.map((row) => row.id)}::bigint[])`.execute(trx);
    return { rows: rows.length, offerIds };
  });
}

/** Deletes outbox rows whose changes a build already holds (rows queued after its snapshot stay). */
export async function forgetCoveredChanges(db: TDb, covered: string[]): Promise<void> {
  for (let start = 0; start < covered.length; start += 10_000) {
    const ids = covered.slice(start, start + 10_000);
    await sql`delete from search_outbox where id = any(${ids}::bigint[])`.execute(db);
  }
}
