import { sql } from 'kysely';
import type { TDb } from '../db/database';

/** One pg-boss queue's jobs by state, as pg-boss's monitor last counted them. */
export type TJobQueueDepth = {
  name: string;
  /** Jobs ready or waiting to run. */
  queued: number;
  /** Jobs a worker runs now. */
  active: number;
  /** Jobs waiting for their start time (a retry's back-off, a scheduled run). */
  deferred: number;
  /** Jobs that failed their last try and are kept. */
  failed: number;
};

/** PostgreSQL's SQLSTATE for a table that does not exist: no job runner started on this database yet. */
const UNDEFINED_TABLE = '42P01';

/**
 * The depths of every pg-boss queue, from the counts pg-boss keeps in `pgboss.queue` (one row per queue): a read
 * of a few rows however many jobs there are, limited to a second so a scrape never waits on a busy database.
 */
export async function readJobQueueDepths(db: TDb): Promise<TJobQueueDepth[]> {
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`set local statement_timeout = 1000`.execute(trx);
      const { rows } = await sql<{ name: string; queued: number; active: number; deferred: number; failed: number }>`
        select name, queued_count as queued, active_count as active, deferred_count as deferred,
          failed_count as failed
        from pgboss.queue order by name`.execute(trx);
      return rows;
    });
  } catch (error) {
    if ((error as { code?: string }).code === UNDEFINED_TABLE) return [];
    throw error;
  }
}
