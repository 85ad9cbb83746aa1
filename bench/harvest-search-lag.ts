// `npm run bench:harvest-search-lag [-- --copies 5]`: how long after a harvest batch commits its records are
// searchable. Harvests the DCAT-US fixture `--copies` times over (each copy with identifiers of its own, at most
// 7 copies so the count stays under the result cap) into a fresh embedded PostgreSQL while the search index runs
// as the server runs it (two search threads, the writer on a thread of its own, the outbox polled every second),
// and searches every 20 ms for all offers. A batch's lag is the time from its commit to the first search whose
// total holds every offer committed up to that batch. Prints the lags' median, 90th percentile and maximum.

import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase, migrateToLatest } from '../apps/server/src/db/database';
import { addSource } from '../apps/server/src/modules/harvest/add-source';
import { configureHarvestLocations } from '../apps/server/src/modules/harvest/harvest-location-policy';
import { runHarvest } from '../apps/server/src/modules/harvest/run-harvest';
import { NO_INDEX_FILTER, type TIndexSearch } from '../apps/server/src/modules/search/index/search-index';
import { SqliteSearchIndex } from '../apps/server/src/modules/search/index/sqlite-search-index';
import { openScratchDatabase } from './lib/bench-server';
import { writeDcatUsCopies } from './lib/harvest-inputs';
import { numberOption } from './lib/number-option';

// The benchmark harvests its generated file as the command line does.
configureHarvestLocations({ allowedHosts: [], files: 'anywhere' });

const { values: args } = parseArgs({ options: { copies: { type: 'string', default: '5' } } });
const copies = numberOption(args, 'copies', { min: 1, max: 7 });

/** Every active offer: no words, no filter; the total counts them up to the result cap. */
const ALL: TIndexSearch = {
  terms: [],
  exact: true,
  sort: 'newest',
  filter: { ...NO_INDEX_FILTER },
  offset: 0,
  limit: 1,
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

const scratch = await openScratchDatabase({ name: 'dsm_lag', prefix: 'dsm-bench-harvest-lag-' });
const { folder } = scratch;
try {
  const database = createDatabase({ url: scratch.url, maxConnections: 8, applicationName: 'dsm-lag' });
  await migrateToLatest(database.db);
  const file = path.join(folder, 'cdc-copies.json');
  const records = await writeDcatUsCopies(file, copies);
  await addSource(database.db, { name: 'lag', location: file, format: 'dcat-us' });
  const index = await SqliteSearchIndex.open({ dir: path.join(folder, 'index'), database, workers: 2 });

  /** Commits: when each batch's commit was reported and how many offers were committed by then. */
  const commits: { at: number; created: number }[] = [];
  /** Searches: when each answered and how many offers it counted. */
  const seen: { at: number; total: number }[] = [];
  let isHarvesting = true;
  const poll = (async () => {
    while (isHarvesting || (seen.at(-1)?.total ?? 0) < (commits.at(-1)?.created ?? 0)) {
      const { total } = await index.search(ALL);
      seen.push({ at: performance.now(), total });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const run = await runHarvest({
    db: database.db,
    source: 'lag',
    onEvent: (event) => {
      if (event.event === 'progress') commits.push({ at: performance.now(), created: event.counts.created });
    },
  });
  const harvestSeconds = (performance.now() - started) / 1000;
  isHarvesting = false;
  await poll;
  if (run.status !== 'succeeded' || run.counts.created !== records) throw new Error(JSON.stringify(run));

  const lags = commits
    .map((commit) => {
      const first = seen.find((search) => search.at >= commit.at && search.total >= commit.created);
      return (first!.at - commit.at) / 1000;
    })
    .sort((a, b) => a - b);
  await index.close();
  await database.close();
  process.stdout.write(
    `\nMachine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, Node ${process.version}, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}\n`,
  );
  process.stdout.write(
    `${records.toLocaleString('en-US')} records harvested in ${harvestSeconds.toFixed(1)} s (${Math.round(records / harvestSeconds).toLocaleString('en-US')} records/s), ${commits.length} batches\n`,
  );
  process.stdout.write(
    `seconds from a batch's commit to its records being searchable: median ${percentile(lags, 0.5).toFixed(2)}, p90 ${percentile(lags, 0.9).toFixed(2)}, max ${lags.at(-1)!.toFixed(2)}\n`,
  );
} finally {
  await scratch.stop();
}
