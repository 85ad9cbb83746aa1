// `npm run bench:offer-documents [-- --datasets 100000 --seconds 4 --rounds 2]`: what reading a search page's offers
// costs, the catalogue's two readings side by side on the bench database of `bench:search` (loaded alike, reused):
// `rows`, the four statements of rows (offers and datasets, then distributions and agents) presented in JavaScript,
// and `one statement`, PostgreSQL presenting the documents as one JSON text that JSON.parse reads. Pages of 10 and
// 100 offers (`--page-sizes`) drawn at random (none kept: every page is read), at 1 and 8 pages in flight, the readings alternating
// round after round. Per page: the benchmark's CPU (the server's side: the driver, the presenting, the parsing), the
// CPU of the benchmark's PostgreSQL (all its processes, from /proc), and the wall time.

import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createDatabase, type TDb } from '../apps/server/src/db/database';
import { loadOfferDocumentsInOneStatement } from '../apps/server/src/modules/catalogue/offer-documents';
import { loadOfferDocumentsFromRows } from '../apps/server/src/modules/catalogue/offer-documents-from-rows';
import {
  cpuMsOfTrees,
  loadCatalogue,
  machineLine,
  openBenchDatabase,
  percentile,
  root,
  runBench,
} from './lib/bench-server';
import { numberOption } from './lib/number-option';

const { values: args } = parseArgs({
  options: {
    datasets: { type: 'string', default: '100000' },
    /** Seconds per reading, page size and concurrency in each round. */
    seconds: { type: 'string', default: '4' },
    /** Rounds of every case; the readings take turns within each. */
    rounds: { type: 'string', default: '2' },
    /** Offers per page, comma-separated. */
    'page-sizes': { type: 'string', default: '10,100' },
    'database-url': { type: 'string' },
  },
});
const datasets = numberOption(args, 'datasets', { min: 1 });
const seconds = numberOption(args, 'seconds', { min: 0.5, isWhole: false });
const rounds = numberOption(args, 'rounds', { min: 1, max: 10 });

const READINGS = { rows: loadOfferDocumentsFromRows, 'one statement': loadOfferDocumentsInOneStatement } as const;
type TReading = keyof typeof READINGS;
const PAGE_SIZES = args['page-sizes'].split(',').map(Number);
if (PAGE_SIZES.some((size) => !Number.isInteger(size) || size < 1 || size > 1000))
  throw new Error('--page-sizes must list whole numbers from 1 to 1000');
const CONCURRENCIES = [1, 8];

const isBenchPostgres = (_pid: number, cmdline: string) =>
  cmdline.includes(path.join(root, '.data', 'bench', 'postgres')) && /postgres/.test(cmdline);

/** What one run of a case measured. */
type TCase = { pages: number; ownCpuMs: number; postgresCpuMs: number; latencies: number[] };

/** Reads random pages of `pageSize` with `concurrency` in flight for `seconds`. */
async function runCase(db: TDb, ids: readonly string[], reading: TReading, pageSize: number, concurrency: number) {
  const load = READINGS[reading];
  let next = Math.floor(Math.random() * ids.length);
  const page = () => {
    const start = next;
    next = (next + pageSize) % (ids.length - pageSize);
    return ids.slice(start, start + pageSize);
  };
  const latencies: number[] = [];
  const ownBefore = process.cpuUsage();
  const postgresBefore = cpuMsOfTrees(isBenchPostgres);
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const documents = await load(db, page());
        if (documents.length !== pageSize) throw new Error(`${reading}: ${documents.length} of ${pageSize} offers`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  const own = process.cpuUsage(ownBefore);
  const result: TCase = {
    pages: latencies.length,
    ownCpuMs: (own.user + own.system) / 1000,
    postgresCpuMs: cpuMsOfTrees(isBenchPostgres) - postgresBefore,
    latencies,
  };
  return result;
}

async function main(): Promise<void> {
  const database = await openBenchDatabase({
    name: 'dsm_bench_realistic',
    folder: 'bench',
    databaseUrl: args['database-url'],
  });
  try {
    process.stdout.write(`Load: ${await loadCatalogue(database.url, datasets, 'realistic')}\n`);
    const handle = createDatabase({ url: database.url, maxConnections: 8, applicationName: 'dsm-bench-documents' });
    try {
      // Shuffled once: consecutive pages share no offers, and both readings read the same pages in turn.
      const { rows } = await sql<{ id: string }>`select id::text from offers order by random()`.execute(handle.db);
      const ids = rows.map((row) => row.id);
      const shape = await sql<{ datasets: string; distributions: string }>`
        select (select count(*) from datasets)::text as datasets, (select count(*) from distributions)::text as distributions`.execute(
        handle.db,
      );
      // Warm both (compiled code, pooled connections, the tables' pages in memory).
      for (const reading of Object.keys(READINGS) as TReading[]) {
        for (let i = 0; i < 200; i++) await READINGS[reading](handle.db, ids.slice(i * 100, i * 100 + 100));
      }
      const results = new Map<string, TCase[]>();
      for (let round = 1; round <= rounds; round++) {
        for (const pageSize of PAGE_SIZES) {
          for (const concurrency of CONCURRENCIES) {
            const order = (Object.keys(READINGS) as TReading[]).slice();
            if (round % 2 === 0) order.reverse();
            for (const reading of order) {
              const key = `${reading}|${pageSize}|${concurrency}`;
              const measured = await runCase(handle.db, ids, reading, pageSize, concurrency);
              results.set(key, [...(results.get(key) ?? []), measured]);
              process.stdout.write(
                `  round ${round}: ${reading}, ${pageSize} offers, ${concurrency} in flight: ${measured.pages} pages\n`,
              );
            }
          }
        }
      }
      const lines = [
        machineLine(),
        `Catalogue: ${datasets.toLocaleString('en-US')} offers, ${shape.rows[0]?.datasets} datasets, ${shape.rows[0]?.distributions} distributions (realistic corpus); ${rounds} rounds of ${seconds} s per case, readings alternating`,
        '',
        '| reading | offers per page | pages in flight | pages/s | server CPU ms/page | PostgreSQL CPU ms/page | total CPU ms/page | wall mean ms | p50 ms | p99 ms |',
        '|---|---|---|---|---|---|---|---|---|---|',
      ];
      for (const pageSize of PAGE_SIZES) {
        for (const concurrency of CONCURRENCIES) {
          for (const reading of Object.keys(READINGS) as TReading[]) {
            const runs = results.get(`${reading}|${pageSize}|${concurrency}`) ?? [];
            const pages = runs.reduce((sum, run) => sum + run.pages, 0);
            const own = runs.reduce((sum, run) => sum + run.ownCpuMs, 0) / pages;
            const postgres = runs.reduce((sum, run) => sum + run.postgresCpuMs, 0) / pages;
            const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
            const mean = latencies.reduce((sum, value) => sum + value, 0) / latencies.length;
            lines.push(
              `| ${reading} | ${pageSize} | ${concurrency} | ${(pages / (rounds * seconds)).toFixed(0)} | ${own.toFixed(2)} | ${postgres.toFixed(2)} | ${(own + postgres).toFixed(2)} | ${mean.toFixed(2)} | ${percentile(latencies, 50).toFixed(2)} | ${percentile(latencies, 99).toFixed(2)} |`,
            );
          }
        }
      }
      process.stdout.write(`\n${lines.join('\n')}\n`);
    } finally {
      await handle.close();
    }
  } finally {
    await database.stop();
  }
}

runBench(main);
