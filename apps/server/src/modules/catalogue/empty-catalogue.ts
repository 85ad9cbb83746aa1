import type pg from 'pg';
import { runPooledBulkTransaction } from '../../db/bulk-transaction';

/** How many offers the catalogue holds, whatever their state. */
export async function countOffers(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>('select count(*) as n from offers');
  return Number(rows[0]?.n ?? 0);
}

/** Empties the catalogue's offers; falls back to DELETE when other tables reference them. Answers how many there were. */
export async function deleteAllOffers(pool: pg.Pool): Promise<number> {
  const offers = await countOffers(pool);
  await runPooledBulkTransaction(pool, async (client) => {
    try {
      await client.query('savepoint fast');
      await client.query('truncate offers, datasets, distributions');
    } catch (error) {
      // 0A000: a table outside the catalogue references offers; DELETE applies its ON DELETE rules.
      if ((error as { code?: string }).code !== '0A000') throw error;
      await client.query('rollback to savepoint fast');
      await client.query('delete from offers');
    }
  });
  return offers;
}
