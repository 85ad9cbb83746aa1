import { sql } from 'kysely';
import type pg from 'pg';
import type { TDb } from '../../db/database';
import type { TIndexSource } from './index-documents';

type TSourceRow = {
  id: string;
  title: string;
  description: string;
  language: string;
  keywords: string[];
  categories: string[];
  price: string;
  modified: Date | null;
};

const COLUMNS = 'id, title, description, language, keywords, categories, price, modified';

const toSource = (row: TSourceRow): TIndexSource => ({ ...row, price: Number(row.price) });

/** The given offers as the index needs them; offers that are gone or not active are left out. */
export async function readIndexSources(db: TDb, offerIds: string[]): Promise<TIndexSource[]> {
  if (offerIds.length === 0) return [];
  const { rows } = await sql<TSourceRow>`
    select ${sql.raw(COLUMNS)} from offers where id = any(${offerIds}::uuid[]) and state = 'ACTIVE'`.execute(db);
  return rows.map(toSource);
}

/**
 * Every active offer, oldest modification first, in batches read through a cursor of one snapshot (so
 * a catalogue being written meanwhile is read as it was when the build began). `onSnapshot` is told the
 * outbox rows that snapshot sees: the build holds their changes, so they need not be applied again.
 */
export async function* readAllIndexSources(
  pool: pg.Pool,
  batchSize: number,
  onSnapshot: (outboxIds: string[]) => void,
): AsyncGenerator<TIndexSource[]> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    // Sorting a large catalogue for the cursor may take longer than the pool's statement limit.
    await client.query('set local statement_timeout = 0');
    const { rows: queued } = await client.query<{ id: string }>('select id from search_outbox');
    onSnapshot(queued.map((row) => row.id));
    await client.query(
      `declare index_sources no scroll cursor for
       select ${COLUMNS} from offers where state = 'ACTIVE' order by modified asc nulls first, id`,
    );
    for (;;) {
      const { rows } = await client.query<TSourceRow>(`fetch ${batchSize} from index_sources`);
      if (rows.length === 0) break;
      yield rows.map(toSource);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
