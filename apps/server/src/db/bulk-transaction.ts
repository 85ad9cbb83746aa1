import type pg from 'pg';

/**
 * Runs `work` in a transaction on `client` without the pool's statement timeout, for bulk work that may take
 * longer (loads, truncates, analyze): committed when `work` succeeds, rolled back when it fails (the error is
 * thrown on).
 */
export async function runBulkTransaction<T>(client: pg.ClientBase, work: () => Promise<T>): Promise<T> {
  try {
    await client.query('begin');
    await client.query('set local statement_timeout = 0');
    const result = await work();
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

/**
 * runBulkTransaction on a connection of its own from `pool`. A connection whose transaction failed (perhaps
 * mid-COPY) is not trusted again: the pool replaces it.
 */
export async function runPooledBulkTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    return await runBulkTransaction(client, () => work(client));
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(failure);
  }
}
