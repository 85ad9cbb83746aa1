// `npm run bench:alerts [-- --searches 1000,10000 --offers 20000 --new 500]`: how long one run of the alert job
// takes as saved searches grow. For each count of saved searches, a fresh database in an embedded PostgreSQL gets
// the demo catalogue (`--offers`), then that many alerting saved searches of users holding five each (terms
// drawn from the catalogue's titles, a third with a category filter), then `--new` offers published after them,
// as a harvest does. Times one alert run over those (matching, digests, no mail), then a second run with
// nothing new, and prints a table with the machine.

import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CATEGORIES } from '@dsm/contracts';
import pg from 'pg';
import { createDatabase, migrateToLatest } from '../apps/server/src/db/database';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres';
import { runAlertChecks } from '../apps/server/src/modules/alerts/run-alert-checks';
import { generateOffers, mulberry32, pick } from '../apps/server/src/modules/catalogue/generate-offers';
import { loadOffers } from '../apps/server/src/modules/catalogue/load-offers';
import { seedCatalogue } from '../apps/server/src/modules/catalogue/seed-catalogue';
import { JUDGED_OFFERS } from '../apps/server/src/modules/search/evaluation/judged-corpus';
import { SqliteSearchIndex } from '../apps/server/src/modules/search/index/sqlite-search-index';
import { numberOption } from './lib/number-option';

const { values: args } = parseArgs({
  options: {
    searches: { type: 'string', default: '1000,10000' },
    offers: { type: 'string', default: '20000' },
    new: { type: 'string', default: '500' },
  },
});
const counts = args.searches.split(',').map(Number);
const offers = numberOption(args, 'offers', { min: 100 });
const fresh = numberOption(args, 'new', { min: 1 });
if (counts.some((count) => !Number.isInteger(count) || count < 1)) throw new Error('--searches: positive integers');

const SEARCHES_PER_USER = 5;

type TRow = {
  searches: number;
  seedSeconds: number;
  runMs: number;
  idleRunMs: number;
  matches: number;
  digests: number;
};

async function measure(embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>>, searches: number): Promise<TRow> {
  const name = `dsm_alerts_${searches}`;
  const admin = new pg.Client({ connectionString: embedded.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = createDatabase({
    url: embedded.urlFor(name),
    maxConnections: 8,
    applicationName: 'dsm-bench-alerts',
  });
  const folder = await mkdtemp(path.join(os.tmpdir(), 'dsm-bench-alerts-index-'));
  try {
    const seeding = performance.now();
    await migrateToLatest(database.db);
    await seedCatalogue({ db: database.db, pool: database.pool, datasets: offers, firstOffers: JUDGED_OFFERS });
    const index = await SqliteSearchIndex.open({ dir: folder, database, workers: 0, pollMs: 3_600_000 });
    await index.refresh();

    // Terms from the catalogue's own titles, so the saved searches find offers as users' do.
    const { rows } = await database.pool.query<{ title: string }>('select title from offers limit 5000');
    const words = [...new Set(rows.flatMap((row) => row.title.toLowerCase().split(/[^\p{L}]+/u)))].filter(
      (word) => word.length >= 5,
    );
    const random = mulberry32(searches);
    const savedAt = new Date(Date.now() - 3_600_000);
    for (let first = 0; first < searches; first += 1000) {
      const batch = Array.from({ length: Math.min(1000, searches - first) }, (_, offset) => {
        const n = first + offset;
        return {
          user_id: `bench-user-${Math.floor(n / SEARCHES_PER_USER)}`,
          name: `Search ${n}`,
          query: random() < 0.3 ? `${pick(random, words)} ${pick(random, words)}` : pick(random, words),
          filter: JSON.stringify(random() < 0.33 ? { categories: [pick(random, CATEGORIES)] } : {}),
          created_at: savedAt,
          updated_at: savedAt,
        };
      });
      await database.db.insertInto('saved_searches').values(batch).execute();
    }
    // New offers after the searches were saved: the triggers write one `published` event each.
    await loadOffers({ pool: database.pool, records: generateOffers({ count: fresh, seed: 7, start: offers }) });
    const seedSeconds = (performance.now() - seeding) / 1000;

    const options = { db: database.db, searchIndex: index, mailer: null, publicUrl: 'http://localhost:8080' };
    const started = performance.now();
    const run = await runAlertChecks({ ...options, now: new Date() });
    const runMs = performance.now() - started;
    const idleStarted = performance.now();
    await runAlertChecks({ ...options, now: new Date(Date.now() + 60_000) });
    const idleRunMs = performance.now() - idleStarted;
    await index.close();
    return { searches, seedSeconds, runMs, idleRunMs, matches: run.matches, digests: run.digests };
  } finally {
    await database.close();
    await rm(folder, { recursive: true, force: true });
  }
}

const folder = await mkdtemp(path.join(os.tmpdir(), 'dsm-bench-alerts-'));
await chmod(folder, 0o755);
const embedded = await startEmbeddedPostgres({ dataDir: path.join(folder, 'postgres') });
try {
  const results: TRow[] = [];
  for (const searches of counts) {
    results.push(await measure(embedded, searches));
    const row = results.at(-1)!;
    process.stdout.write(`${searches} saved searches: one run ${Math.round(row.runMs)} ms\n`);
  }
  process.stdout.write(
    `\nMachine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, Node ${process.version}, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}\n${offers.toLocaleString('en-US')} offers, ${fresh} new\n\n`,
  );
  process.stdout.write('| saved searches | users | one run, ms | run with nothing new, ms | matches | digests |\n');
  process.stdout.write('|---|---|---|---|---|---|\n');
  for (const row of results) {
    process.stdout.write(
      `| ${row.searches.toLocaleString('en-US')} | ${Math.ceil(row.searches / SEARCHES_PER_USER).toLocaleString('en-US')} | ${Math.round(row.runMs).toLocaleString('en-US')} | ${Math.round(row.idleRunMs)} | ${row.matches.toLocaleString('en-US')} | ${row.digests.toLocaleString('en-US')} |\n`,
    );
  }
} finally {
  await embedded.stop();
  await rm(folder, { recursive: true, force: true });
}
