// `npm run bench:harvest [-- --copies 20]`: harvests the two fixture catalogues in ../shared/fixtures/catalog
// (DCAT-US data.json and CKAN JSON lines) from local files into a fresh embedded PostgreSQL, once as they are
// and once as a file `--copies` times larger (each copy with identifiers of its own), and prints records/s and
// the peak heap and RSS of each run as a Markdown table. Equal peaks at 1x and Nx mean the input is streamed.

import { once } from 'node:events';
import { createWriteStream, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { createDatabase, migrateToLatest } from '../apps/server/src/db/database';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres';
import { addSource } from '../apps/server/src/modules/harvest/add-source';
import { runHarvest } from '../apps/server/src/modules/harvest/run-harvest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = path.resolve(root, '..', 'shared', 'fixtures', 'catalog');
const { values: args } = parseArgs({ options: { copies: { type: 'string', default: '20' } } });
const copies = Number(args.copies);
if (!Number.isInteger(copies) || copies < 1) throw new Error('--copies must be a positive integer');

/** Writes a JSON lines file holding the depositar packages `copies` times, each copy with new ids. */
async function writeCkanCopies(file: string, times: number): Promise<number> {
  const lines = gunzipSync(readFileSync(path.join(fixtures, 'depositar-datasets.jsonl.gz')))
    .toString('utf8')
    .split('\n')
    .filter(Boolean);
  const out = createWriteStream(file);
  for (let copy = 0; copy < times; copy++) {
    for (const line of lines) {
      const record = JSON.parse(line);
      record.id = `${record.id}-${copy}`;
      if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain');
    }
  }
  out.end();
  await once(out, 'finish');
  return lines.length * times;
}

/** Writes a data.json holding the data.cdc.gov datasets `copies` times, each copy with new identifiers. */
async function writeDcatUsCopies(file: string, times: number): Promise<number> {
  const catalog = JSON.parse(gunzipSync(readFileSync(path.join(fixtures, 'cdc.gov.data.json.gz'))).toString('utf8'));
  const out = createWriteStream(file);
  out.write('{"@type":"dcat:Catalog","dataset":[');
  let first = true;
  for (let copy = 0; copy < times; copy++) {
    for (const dataset of catalog.dataset) {
      const text = JSON.stringify({ ...dataset, identifier: `${dataset.identifier}-${copy}` });
      if (!out.write(`${first ? '' : ','}${text}`)) await once(out, 'drain');
      first = false;
    }
  }
  out.end(']}');
  await once(out, 'finish');
  return catalog.dataset.length * times;
}

type TRow = {
  input: string;
  records: number;
  seconds: number;
  rate: number;
  heapMb: number;
  rssMb: number;
  rerunRate: number;
};

const folder = await mkdtemp(path.join(os.tmpdir(), 'dsm-bench-harvest-'));
await chmod(folder, 0o755);
const embedded = await startEmbeddedPostgres({ dataDir: path.join(folder, 'postgres') });
const rows: TRow[] = [];
try {
  const admin = new pg.Client({ connectionString: embedded.adminUrl });
  await admin.connect();
  await admin.query('create database dsm_bench');
  await admin.end();
  const database = createDatabase({
    url: embedded.urlFor('dsm_bench'),
    maxConnections: 4,
    applicationName: 'dsm-bench-harvest',
  });
  await migrateToLatest(database.db);

  const inputs = [
    {
      name: 'DCAT-US data.json (cdc.gov)',
      format: 'dcat-us' as const,
      file: path.join(fixtures, 'cdc.gov.data.json.gz'),
      records: 1359,
    },
    {
      name: 'CKAN JSON lines (depositar)',
      format: 'ckan-jsonl' as const,
      file: path.join(fixtures, 'depositar-datasets.jsonl.gz'),
      records: 1839,
    },
    {
      name: `DCAT-US data.json x${copies}`,
      format: 'dcat-us' as const,
      file: path.join(folder, 'cdc-copies.json'),
      records: 0,
    },
    {
      name: `CKAN JSON lines x${copies}`,
      format: 'ckan-jsonl' as const,
      file: path.join(folder, 'depositar-copies.jsonl'),
      records: 0,
    },
  ];
  inputs[2]!.records = await writeDcatUsCopies(inputs[2]!.file, copies);
  inputs[3]!.records = await writeCkanCopies(inputs[3]!.file, copies);

  for (const [index, input] of inputs.entries()) {
    const name = `bench-${index}`;
    await addSource(database.db, { name, location: input.file, format: input.format });
    global.gc?.();
    let heap = 0;
    let rss = 0;
    const sample = () => {
      const usage = process.memoryUsage();
      heap = Math.max(heap, usage.heapUsed);
      rss = Math.max(rss, usage.rss);
    };
    const sampler = setInterval(sample, 50);
    const started = performance.now();
    const run = await runHarvest({ db: database.db, source: name });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    sample();
    if (run.status !== 'succeeded' || run.counts.created !== input.records) {
      throw new Error(`${input.name}: ${run.status} ${JSON.stringify(run.counts)} ${run.error ?? ''}`);
    }
    const rerunStarted = performance.now();
    const rerun = await runHarvest({ db: database.db, source: name });
    const rerunSeconds = (performance.now() - rerunStarted) / 1000;
    if (rerun.counts.unchanged !== input.records)
      throw new Error(`${input.name}: re-run ${JSON.stringify(rerun.counts)}`);
    rows.push({
      input: input.name,
      records: input.records,
      seconds,
      rate: input.records / seconds,
      heapMb: heap / 2 ** 20,
      rssMb: rss / 2 ** 20,
      rerunRate: input.records / rerunSeconds,
    });
    process.stderr.write(`${input.name}: ${Math.round(input.records / seconds)} records/s\n`);
  }
  await database.close();
} finally {
  await embedded.stop();
  await rm(folder, { recursive: true, force: true });
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
process.stdout.write(
  `\nMachine: ${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, embedded PostgreSQL\n\n`,
);
process.stdout.write(
  '| input | records | seconds | records/s (first run) | records/s (re-run, all unchanged) | peak heap MB | peak RSS MB |\n',
);
process.stdout.write('|---|---:|---:|---:|---:|---:|---:|\n');
for (const row of rows) {
  process.stdout.write(
    `| ${row.input} | ${row.records.toLocaleString('en-US')} | ${row.seconds.toFixed(1)} | ${Math.round(row.rate).toLocaleString('en-US')} | ${Math.round(row.rerunRate).toLocaleString('en-US')} | ${row.heapMb.toFixed(0)} | ${row.rssMb.toFixed(0)} |\n`,
  );
}
