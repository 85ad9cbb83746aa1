import { sql } from 'kysely';
import type { TDb } from '../../../db/database';
import type { TIndexLag } from '../../../lib/metrics';

/** Rows counted at most: beyond it the index is far behind whatever the exact number. */
const COUNT_CAP = 1_000_000;

/**
 * How far the search index is behind the catalogue: the changes waiting in `search_outbox` (counted up to a
 * million) and the age of the oldest. Read by the metrics at each scrape, along the outbox's primary key, within
 * a second.
 */
export async function readIndexLag(db: TDb): Promise<TIndexLag> {
  return db.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = 1000`.execute(trx);
    const { rows } = await sql<{ waiting: string; oldest_age_seconds: number | null }>`
      select
        (select count(*) from (select 1 from search_outbox limit ${COUNT_CAP}) waiting) as waiting,
        (select extract(epoch from now() - queued_at)::float8 from search_outbox order by id limit 1)
          as oldest_age_seconds`.execute(trx);
    const row = rows[0];
    return { waiting: Number(row?.waiting ?? 0), oldestAgeSeconds: Math.max(0, row?.oldest_age_seconds ?? 0) };
  });
}
