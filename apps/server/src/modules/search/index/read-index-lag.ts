import { sql } from 'kysely';
import type { TDb } from '../../../db/database';
import type { TIndexLag } from '../../../lib/metrics';

/** Rows counted at most: beyond it the index is far behind whatever the exact number. */
const COUNT_CAP = 1_000_000;

/**
 * How far the search index is behind the catalogue: the changes waiting in `search_outbox` (counted up to a
 * million) and the age of the oldest. With the index's consumer name, only the rows beyond its cursor count: with
 * several processes, rows every index has applied stay in the table until the last reader passes them, and are not
 * this process's lag. Without it (an index that keeps no cursor), every row counts. Read by the metrics at each
 * scrape, within a second.
 */
export async function readIndexLag(db: TDb, consumer?: string): Promise<TIndexLag> {
  return db.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = 1000`.execute(trx);
    const { rows } =
      consumer === undefined
        ? await sql<{ waiting: string; oldest_age_seconds: number | null }>`
      select
        (select count(*) from (select 1 from search_outbox limit ${COUNT_CAP}) waiting) as waiting,
        (select extract(epoch from now() - queued_at)::float8 from search_outbox order by id limit 1)
          as oldest_age_seconds`.execute(trx)
        : await sql<{ waiting: string; oldest_age_seconds: number | null }>`
      with beyond as (
        select o.queued_at from search_outbox o
        join search_outbox_cursors c on c.consumer = ${consumer}
        where (o.xid, o.id) > (c.last_xid, c.last_id)
        limit ${COUNT_CAP})
      select (select count(*) from beyond) as waiting,
        (select extract(epoch from now() - min(queued_at))::float8 from beyond) as oldest_age_seconds`.execute(trx);
    const row = rows[0];
    return { waiting: Number(row?.waiting ?? 0), oldestAgeSeconds: Math.max(0, row?.oldest_age_seconds ?? 0) };
  });
}
