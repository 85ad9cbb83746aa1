// `npm run bench:rate-limit [-- --database-url postgres://... --takes 2000 --concurrency 8]`: what counting a
// limit in PostgreSQL (apps/server/src/lib/shared-rate-limiter.ts) costs a request, next to a bare round trip
// (`select 1`) on the same pool and to the in-memory count it replaced. Runs the migrations into the given
// database, or into a database of its own in an embedded PostgreSQL. Prints a Markdown table.

import { parseArgs } from 'node:util';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { createDatabase, migrateToLatest } from '../apps/server/src/db/database';
import { createSharedLimiter, takePoint } from '../apps/server/src/lib/shared-rate-limiter';
import { machineLine, openBenchDatabase, percentile } from './lib/bench-server';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    takes: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '8' },
  },
});
const takes = Number(values.takes);
const concurrency = Number(values.concurrency);
/** Users the takes are spread over: below the search limit (600 a minute), so none is refused. */
const USERS = 1000;

type TRow = { what: string; p50: number; p99: number; perSecond: number };

/** Runs `once` `takes` times, `inFlight` at a time; the latencies in ms and the rate. */
async function measure(what: string, inFlight: number, once: (index: number) => Promise<unknown>): Promise<TRow> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < takes) {
        const index = next++;
        const before = performance.now();
        await once(index);
        latencies.push(performance.now() - before);
      }
    }),
  );
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    what,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perSecond: (takes * 1000) / elapsed,
  };
}

const bench = await openBenchDatabase({
  name: 'dsm_bench_rate_limit',
  folder: 'bench-rate-limit',
  databaseUrl: values['database-url'],
});
const database = createDatabase({ url: bench.url, maxConnections: 20, applicationName: 'dsm-bench-rate-limit' });
try {
  await migrateToLatest(database.db);
  await database.pool.query('delete from rate_limits');
  const run = Date.now().toString(36);
  /** A limiter of this run shared through the database: `points` a minute, refused from memory once over. */
  const sharedLimiter = (name: string, points: number) =>
    createSharedLimiter({
      pool: database.pool,
      name: `${name}-${run}`,
      points,
      durationSeconds: 60,
      isRefusedLocallyWhenOver: true,
    });
  const shared = sharedLimiter('bench', 600);
  const memory = new RateLimiterMemory({ keyPrefix: `bench-${run}`, points: 600, duration: 60 });
  const rows: TRow[] = [];
  // Warm the pool's connections and the prepared statements first.
  await measure('warm-up', concurrency, (index) => takePoint(shared, `warm-${index % USERS}`));
  for (const inFlight of [1, concurrency]) {
    rows.push(await measure(`select 1, ${inFlight} in flight`, inFlight, () => database.pool.query('select 1')));
    rows.push(
      await measure(`shared limit, ${inFlight} in flight`, inFlight, (index) =>
        takePoint(shared, `user-${inFlight}-${index % USERS}`),
      ),
    );
    rows.push(
      await measure(`memory limit, ${inFlight} in flight`, inFlight, (index) =>
        takePoint(memory, `user-${inFlight}-${index % USERS}`),
      ),
    );
  }
  // One user far over the limit: refused by this process from memory once the database said so.
  const flood = sharedLimiter('flood', 10);
  rows.push(await measure('shared limit, a user over it', 1, () => takePoint(flood, 'flooder')));

  console.log(machineLine());
  console.log(`${takes} takes per row\n`);
  console.log('| what | p50 ms | p99 ms | per second |');
  console.log('|---|---:|---:|---:|');
  for (const row of rows) {
    console.log(`| ${row.what} | ${row.p50.toFixed(3)} | ${row.p99.toFixed(3)} | ${row.perSecond.toFixed(0)} |`);
  }
} finally {
  await database.close();
  await bench.stop();
}
