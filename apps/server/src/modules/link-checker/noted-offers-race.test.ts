import pg from 'pg';
import { expect, it } from 'vitest';
import { makeOffer } from '../../test/factories';
import { useTestDatabase } from '../../test/lifecycle';
import { insertOffer } from '../catalogue/load-offers';
import { recordOffersToCheck, requestChecksOfNotedOffers } from './link-check-repository';

const database = useTestDatabase();

/** Waits until a backend of the test database waits on a lock. */
async function untilSomeoneWaitsOnALock(client: pg.Client): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await client.query(
      `select count(*)::int as waiting from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0].waiting > 0) return;
    if (Date.now() > deadline) throw new Error('nobody waited on a lock');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('records the requests of noted offers even when a harvest removes one of their distributions meanwhile', async () => {
  const rewritten = makeOffer({ byteSizes: [null, null] });
  rewritten.datasets[0]!.distributions = rewritten.datasets[0]!.distributions.map((distribution, position) => ({
    ...distribution,
    accessUrl: `https://data.example.org/rewritten-${position}.csv`,
  }));
  const untouched = makeOffer({ byteSizes: [null] });
  untouched.datasets[0]!.distributions[0]!.accessUrl = 'https://data.example.org/untouched.csv';
  await insertOffer(database.db, rewritten);
  await insertOffer(database.db, untouched);
  await recordOffersToCheck(database.db, [rewritten.id, untouched.id]);

  // A harvest rewriting the first offer has removed its datasets (and their distributions), not yet committed.
  const harvest = new pg.Client({ connectionString: database.url });
  await harvest.connect();
  try {
    await harvest.query('begin');
    await harvest.query('delete from datasets where offer_id = $1', [rewritten.id]);
    // The take reads the distributions still there, then waits on the removed ones' locks.
    const take = requestChecksOfNotedOffers(database.db, 10);
    await untilSomeoneWaitsOnALock(harvest);
    await harvest.query('commit');

    const result = await take;
    expect(result.offers).toBe(2);
    expect(result.recorded).toEqual([untouched.datasets[0]!.distributions[0]!.id]);
  } finally {
    await harvest.end();
  }
  const { rows } = await database.pool.query('select distribution_id from link_checks');
  expect(rows.map((row) => row.distribution_id)).toEqual([untouched.datasets[0]!.distributions[0]!.id]);
  const noted = await database.pool.query('select count(*)::int as count from link_check_offers');
  expect(noted.rows[0].count).toBe(0);
});
