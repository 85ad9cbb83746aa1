// `npm run bench:harvest-costs [-- --copies 20 --runs 2 --variant bench/harvest-variants/no-search-vector.sql ...]`:
// where a harvest's CPU goes. Harvests the two fixture catalogues `--copies` times over (DCAT-US data.json and
// CKAN JSON lines, as `npm run bench:harvest` does), each run into a fresh database copied from a migrated
// template after a CHECKPOINT, in this process, and prints the median records/s and CPU per record of Node
// and of every PostgreSQL process. A variant is a SQL file applied to each fresh database before its harvest
// (statements separated by lines holding only `;;`); its cost is the difference from the unchanged schema,
// which always runs first in each round. Rounds alternate the variants, so a slow moment of the machine
// falls on all of them.
//
// Unlike `bench:harvest`, nothing of an earlier run (checkpoints, autovacuum, a larger catalogue) is charged
// to the next, and Node runs with its default heap (set `NODE_OPTIONS=--max-old-space-size=128` to compare).

import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDatabase, migrateToLatest } from '../apps/server/src/db/database';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres';
import { addSource } from '../apps/server/src/modules/harvest/add-source';
import { configureHarvestLocations } from '../apps/server/src/modules/harvest/harvest-location-policy';
import { runHarvest } from '../apps/server/src/modules/harvest/run-harvest';
import { postgresCpuSeconds, writeCkanCopies, writeDcatUsCopies } from './lib/harvest-inputs';
import { numberOption } from './lib/number-option';

// The benchmark harvests its generated files as the command line does.
configureHarvestLocations({ allowedHosts: [], files: 'anywhere' });

const { values: args } = parseArgs({
  options: {
    copies: { type: 'string', default: '20' },
    runs: { type: 'string', default: '2' },
    variant: { type: 'string', multiple: true, default: [] },
  },
});
const copies = numberOption(args, 'copies', { min: 1 });
const runs = numberOption(args, 'runs', { min: 1 });

const variants = [
  { name: 'unchanged', statements: [] as string[] },
  ...args.variant.map((file) => ({
    name: path.basename(file, '.sql'),
    statements: readFileSync(file, 'utf8')
      .split(/^;;$/m)
      .map((statement) => statement.trim())
      .filter(Boolean),
  })),
];

type TMeasure = { rate: number; nodeMs: number; postgresMs: number };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const folder = await mkdtemp(path.join(os.tmpdir(), 'dsm-bench-harvest-costs-'));
await chmod(folder, 0o755);
const dataDir = path.join(folder, 'postgres');
const embedded = await startEmbeddedPostgres({ dataDir });
const admin = new pg.Client({ connectionString: embedded.adminUrl });
const results = new Map<string, TMeasure[]>();
try {
  await admin.connect();
  await admin.query('create database dsm_template');
  const template = createDatabase({ url: embedded.urlFor('dsm_template'), maxConnections: 1, applicationName: 'x' });
  await migrateToLatest(template.db);
  await template.close();
  const inputs = [
    { name: `DCAT-US data.json x${copies}`, format: 'dcat-us' as const, file: path.join(folder, 'cdc.json') },
    { name: `CKAN JSON lines x${copies}`, format: 'ckan-jsonl' as const, file: path.join(folder, 'depositar.jsonl') },
  ];
  await writeDcatUsCopies(inputs[0]!.file, copies);
  await writeCkanCopies(inputs[1]!.file, copies);

  for (let round = 0; round < runs; round++) {
    for (const variant of variants) {
      for (const input of inputs) {
        await admin.query('drop database if exists dsm_run');
        await admin.query('create database dsm_run template dsm_template');
        const database = createDatabase({ url: embedded.urlFor('dsm_run'), maxConnections: 4, applicationName: 'x' });
        for (const statement of variant.statements) await database.pool.query(statement);
        await addSource(database.db, { name: 'source', location: input.file, format: input.format });
        await admin.query('checkpoint');
        const postgresBefore = postgresCpuSeconds(dataDir) ?? 0;
        const cpu = process.cpuUsage();
        const started = performance.now();
        const run = await runHarvest({ db: database.db, source: 'source' });
        const seconds = (performance.now() - started) / 1000;
        const used = process.cpuUsage(cpu);
        const postgresSeconds = (postgresCpuSeconds(dataDir) ?? Number.NaN) - postgresBefore;
        await database.close();
        if (run.status !== 'succeeded') throw new Error(`${variant.name}, ${input.name}: ${run.error}`);
        const records = run.counts.created;
        const measure = {
          rate: records / seconds,
          nodeMs: (used.user + used.system) / 1000 / records,
          postgresMs: (postgresSeconds * 1000) / records,
        };
        const key = `${variant.name}\t${input.name}`;
        results.set(key, [...(results.get(key) ?? []), measure]);
        process.stderr.write(
          `round ${round + 1}, ${variant.name}, ${input.name}: ${Math.round(measure.rate)} records/s, Node ${measure.nodeMs.toFixed(3)} ms, PostgreSQL ${measure.postgresMs.toFixed(3)} ms per record\n`,
        );
      }
    }
  }
} finally {
  await admin.end().catch(() => {});
  await embedded.stop();
  await rm(folder, { recursive: true, force: true });
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
process.stdout.write(
  `\nMachine: ${cpu}, ${os.cpus().length} cores, Node ${process.version}, embedded PostgreSQL; medians of ${runs} run(s), each into a fresh database\n\n`,
);
process.stdout.write(
  '| variant | input | records/s | Node CPU ms per record | PostgreSQL CPU ms per record | total |\n|---|---|---:|---:|---:|---:|\n',
);
for (const [key, measures] of results) {
  const [variant, input] = key.split('\t');
  const node = median(measures.map((m) => m.nodeMs));
  const postgres = median(measures.map((m) => m.postgresMs));
  process.stdout.write(
    `| ${variant} | ${input} | ${Math.round(median(measures.map((m) => m.rate))).toLocaleString('en-US')} | ${node.toFixed(3)} | ${postgres.toFixed(3)} | ${(node + postgres).toFixed(3)} |\n`,
  );
}
