// `npm run bench:harvest [-- --copies 20 --heap 128 --port 0]`: harvests the two fixture catalogues in
// ../shared/fixtures/catalog (DCAT-US data.json and CKAN JSON lines) from local files into a fresh embedded
// PostgreSQL, once as they are and once as a file `--copies` times larger (each copy with identifiers of its
// own), and prints a Markdown table: records/s of the first run, of a re-run (all unchanged) and of reading and
// mapping alone, the CPU time per record (Node and PostgreSQL together) and the peak heap and RSS of the first run.
//
// Each run happens in a process of its own started with `--max-old-space-size=<heap>`, so the peaks are the
// harvest's alone and a harvest whose memory grew with its input would run out of heap: equal peaks at 1x and
// Nx mean the input is streamed and nothing is kept per record.

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDatabase, migrateToLatest } from '../apps/server/src/db/database';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres';
import { LICENCE_CATALOGUE } from '../apps/server/src/modules/catalogue/licence-catalogue';
import { addSource } from '../apps/server/src/modules/harvest/add-source';
import { configureHarvestLocations } from '../apps/server/src/modules/harvest/harvest-location-policy';
import { readSource } from '../apps/server/src/modules/harvest/read-source';
import { runHarvest } from '../apps/server/src/modules/harvest/run-harvest';
import { contentHash, createLicenceMatcher, toOfferRecord } from '../apps/server/src/modules/harvest/to-offer-record';
import {
  CKAN_JSONL_FIXTURE,
  DCAT_US_FIXTURE,
  postgresCpuSeconds,
  writeCkanCopies,
  writeDcatUsCopies,
} from './lib/harvest-inputs';
import { numberOption } from './lib/number-option';

// The benchmark harvests its generated files as the command line does.
configureHarvestLocations({ allowedHosts: [], files: 'anywhere' });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    copies: { type: 'string', default: '20' },
    heap: { type: 'string', default: '128' },
    port: { type: 'string', default: '0' },
    // Internal: run one harvest in this process and report it as JSON on stdout.
    child: { type: 'string' },
    url: { type: 'string' },
  },
});

type TChildReport = {
  status: string;
  counts: Record<string, number>;
  seconds: number;
  heapMb: number;
  rssMb: number;
  cpuSeconds: number;
  /** CPU of the main thread alone (Linux; null elsewhere): what the harvest costs the thread every request shares. */
  mainThreadCpuSeconds: number | null;
};

/** CPU seconds the main thread has used so far, from /proc (its thread id is the process id); null elsewhere. */
function mainThreadCpuSeconds(): number | null {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of stat(5), counted from the state (field 3) here, in clock ticks.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** The child: one harvest of one source, sampled every 50 ms. */
async function runChild(source: string, url: string): Promise<void> {
  const database = createDatabase({ url, maxConnections: 4, applicationName: 'dsm-bench-harvest' });
  await database.db.selectFrom('harvest_sources').select('id').limit(1).execute();
  global.gc?.();
  let heap = 0;
  let rss = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    heap = Math.max(heap, usage.heapUsed);
    rss = Math.max(rss, usage.rss);
  };
  const sampler = setInterval(sample, 50);
  const cpu = process.cpuUsage();
  const mainBefore = mainThreadCpuSeconds();
  const started = performance.now();
  const run = await runHarvest({ db: database.db, source });
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const mainAfter = mainThreadCpuSeconds();
  clearInterval(sampler);
  sample();
  await database.close();
  const report: TChildReport = {
    status: run.error ? `${run.status}: ${run.error}` : run.status,
    counts: run.counts,
    seconds,
    heapMb: heap / 2 ** 20,
    rssMb: rss / 2 ** 20,
    cpuSeconds: (used.user + used.system) / 1e6,
    mainThreadCpuSeconds: mainBefore === null || mainAfter === null ? null : mainAfter - mainBefore,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

if (args.child) {
  await runChild(args.child, args.url!);
  process.exit(0);
}

const copies = numberOption(args, 'copies', { min: 1 });
const heapLimit = numberOption(args, 'heap', { min: 32 });

/** Runs one harvest in a child process under the heap limit; PostgreSQL's CPU is measured around it. */
async function harvestInChild(source: string, url: string, dataDir: string) {
  const postgresBefore = postgresCpuSeconds(dataDir);
  const child = spawn(
    process.execPath,
    [
      `--max-old-space-size=${heapLimit}`,
      '--expose-gc',
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--child',
      source,
      '--url',
      url,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  const postgresAfter = postgresCpuSeconds(dataDir);
  if (code !== 0) throw new Error(`${source}: the harvest process exited with ${code} (out of heap?)`);
  const report = JSON.parse(output.trim().split('\n').pop()!) as TChildReport;
  const postgresSeconds =
    postgresBefore === null || postgresAfter === null ? null : Math.max(0, postgresAfter - postgresBefore);
  return { ...report, postgresSeconds };
}

/** Records/s of reading and mapping alone (what a run does before the database): file, JSON, offer record. */
async function readAndMapRate(format: 'dcat-us' | 'ckan-jsonl', file: string): Promise<number> {
  const matchLicence = createLicenceMatcher(LICENCE_CATALOGUE);
  const started = performance.now();
  let records = 0;
  for await (const item of readSource({ format, location: file })) {
    if ('dataset' in item) {
      contentHash(item.dataset);
      toOfferRecord(item.dataset, '00000000-0000-4000-8000-000000000000', matchLicence);
    }
    records++;
  }
  return records / ((performance.now() - started) / 1000);
}

type TRow = {
  input: string;
  records: number;
  seconds: number;
  rate: number;
  rerunRate: number;
  mapRate: number;
  cpuMsPerRecord: number | null;
  mainThreadMsPerRecord: number | null;
  heapMb: number;
  rssMb: number;
  load: number;
};

const folder = await mkdtemp(path.join(os.tmpdir(), 'dsm-bench-harvest-'));
await chmod(folder, 0o755);
const dataDir = path.join(folder, 'postgres');
const embedded = await startEmbeddedPostgres({ dataDir, port: Number(args.port) });
const rows: TRow[] = [];
try {
  const admin = new pg.Client({ connectionString: embedded.adminUrl });
  await admin.connect();
  await admin.query('create database dsm_bench');
  await admin.end();
  const url = embedded.urlFor('dsm_bench');
  const database = createDatabase({ url, maxConnections: 2, applicationName: 'dsm-bench-harvest' });
  await migrateToLatest(database.db);

  const inputs = [
    {
      name: 'DCAT-US data.json (cdc.gov)',
      format: 'dcat-us' as const,
      file: DCAT_US_FIXTURE,
      records: 1359,
    },
    {
      name: 'CKAN JSON lines (depositar)',
      format: 'ckan-jsonl' as const,
      file: CKAN_JSONL_FIXTURE,
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
    const mapRate = await readAndMapRate(input.format, input.file);
    const load = os.loadavg()[0]!;
    const first = await harvestInChild(name, url, dataDir);
    if (first.status !== 'succeeded' || first.counts.created !== input.records) {
      throw new Error(`${input.name}: ${first.status} ${JSON.stringify(first.counts)}`);
    }
    const rerun = await harvestInChild(name, url, dataDir);
    if (rerun.counts.unchanged !== input.records)
      throw new Error(`${input.name}: re-run ${JSON.stringify(rerun.counts)}`);
    rows.push({
      input: input.name,
      records: input.records,
      seconds: first.seconds,
      rate: input.records / first.seconds,
      rerunRate: input.records / rerun.seconds,
      mapRate,
      cpuMsPerRecord:
        first.postgresSeconds === null ? null : ((first.cpuSeconds + first.postgresSeconds) * 1000) / input.records,
      mainThreadMsPerRecord:
        first.mainThreadCpuSeconds === null ? null : (first.mainThreadCpuSeconds * 1000) / input.records,
      heapMb: first.heapMb,
      rssMb: first.rssMb,
      load,
    });
    process.stderr.write(
      `${input.name}: ${Math.round(input.records / first.seconds)} records/s (Node ${first.cpuSeconds.toFixed(1)} s, PostgreSQL ${first.postgresSeconds?.toFixed(1) ?? '?'} s CPU), re-run ${Math.round(input.records / rerun.seconds)} records/s\n`,
    );
  }
  await database.close();
} finally {
  await embedded.stop();
  await rm(folder, { recursive: true, force: true });
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
process.stdout.write(
  `\nMachine: ${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, embedded PostgreSQL; each harvest in its own process with --max-old-space-size=${heapLimit}\n\n`,
);
process.stdout.write(
  '| input | records | seconds | records/s (first run) | records/s (re-run, all unchanged) | records/s (read and map only) | CPU ms per record (Node + PostgreSQL, first run) | of it on the Node main thread | peak heap MB (main thread) | peak RSS MB | load average before |\n',
);
process.stdout.write('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n');
for (const row of rows) {
  process.stdout.write(
    `| ${row.input} | ${row.records.toLocaleString('en-US')} | ${row.seconds.toFixed(1)} | ${Math.round(row.rate).toLocaleString('en-US')} | ${Math.round(row.rerunRate).toLocaleString('en-US')} | ${Math.round(row.mapRate).toLocaleString('en-US')} | ${row.cpuMsPerRecord === null ? 'n/a' : row.cpuMsPerRecord.toFixed(2)} | ${row.mainThreadMsPerRecord === null ? 'n/a' : row.mainThreadMsPerRecord.toFixed(2)} | ${row.heapMb.toFixed(0)} | ${row.rssMb.toFixed(0)} | ${row.load.toFixed(1)} |\n`,
  );
}
