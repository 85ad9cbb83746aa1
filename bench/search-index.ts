// `npm run bench:search-index [-- --datasets 1000000 --duration 10]`: the search engine alone, without
// PostgreSQL or HTTP. Builds the product's index file from the realistic corpus (reused while it holds the
// same count), then replays the query log through the engine on one thread and through the server's two
// search threads at 1, 8 and 32 queries in flight. Prints the build time, the file size, memory and a
// Markdown table of latencies and throughput. The build runs `writeIndexFile` as the server does and logs CPU
// per 1,000 offers of each step; `--analysis-threads 0` analyses on the building thread (default: one thread per
// core), `--build-only` stops after the build.
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { defaultAnalysisThreads, writeIndexFile } from '../apps/server/src/modules/search/index/build-index-file';
import type { TIndexSource } from '../apps/server/src/modules/search/index/index-documents';
import {
  INDEX_SCHEMA_VERSION,
  openReader,
  readMeta,
  writeMeta,
} from '../apps/server/src/modules/search/index/index-schema';
import { queryIndex } from '../apps/server/src/modules/search/index/query-index';
import { SearchWorkers } from '../apps/server/src/modules/search/index/search-workers';
import { machineLine, memoryOf, percentile, runBench } from './lib/bench-server';
import { numberOption } from './lib/number-option';
import { buildQueryLog, replayOrder, type TSampledOffer, toIndexSearch } from './lib/query-log';
import { generateRealisticOffers } from './lib/realistic-corpus/generate-realistic-offers';

const { values: args } = parseArgs({
  options: {
    datasets: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '10' },
    queries: { type: 'string', default: '5000' },
    'analysis-threads': { type: 'string' },
    'build-only': { type: 'boolean', default: false },
  },
});
const datasets = numberOption(args, 'datasets', { min: 1 });
const duration = Number(args.duration);
const analysisThreads =
  args['analysis-threads'] === undefined ? defaultAnalysisThreads() : Number(args['analysis-threads']);

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '.data', 'bench', 'search-index-engine');
const file = path.join(dir, `realistic-${datasets}.sqlite`);
const log = (line: string) => process.stdout.write(`${line}\n`);

/** Builds the index as the server's full build does (`writeIndexFile`), from generated offers instead of PostgreSQL. */
async function build(): Promise<{ seconds: number; sample: TSampledOffer[] }> {
  rmSync(file, { force: true });
  const started = performance.now();
  const sample: TSampledOffer[] = [];
  const every = Math.max(1, Math.floor(datasets / 20_000));
  async function* batches(): AsyncGenerator<TIndexSource[]> {
    let batch: TIndexSource[] = [];
    let count = 0;
    for (const offer of generateRealisticOffers({ count: datasets })) {
      const modified = offer.datasets.reduce<Date | null>(
        (latest, dataset) => (dataset.modified && (!latest || dataset.modified > latest) ? dataset.modified : latest),
        null,
      );
      const distributions = offer.datasets.flatMap((dataset) => dataset.distributions);
      batch.push({
        ...offer,
        modified,
        formats: distributions.flatMap((distribution) => distribution.format ?? []),
        licences: distributions.flatMap((distribution) => distribution.licence ?? []),
        publishers: offer.datasets.map((dataset) => dataset.publisher.name ?? dataset.publisher.id),
        // No link checker runs here: no endpoint has been found online.
        hasWorkingEndpoint: false,
      });
      if (count % every === 0) {
        sample.push({ title: offer.title, keywords: offer.keywords, categories: offer.categories, price: offer.price });
      }
      count++;
      if (batch.length === 2_000) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }
  log(`Build: ${loadLine()}`);
  await writeIndexFile({ file, batches: batches(), generation: 'bench', analysisThreads, log });
  log(`Build done: ${loadLine()}; peak RSS so far ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
  const db = new Database(file);
  writeMeta(db, 'bench_sample', JSON.stringify(sample));
  db.close();
  return { seconds: (performance.now() - started) / 1000, sample };
}

const loadLine = () =>
  `load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(', ')}`;

function readMetaOf(path: string, key: string): string | null {
  const db = openReader(path);
  try {
    return readMeta(db, key);
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  mkdirSync(dir, { recursive: true });
  log(`Search engine benchmark: ${datasets.toLocaleString('en-US')} offers (realistic corpus). ${machineLine()}`);
  let sample: TSampledOffer[];
  const reusable = existsSync(file) && readMetaOf(file, 'schema_version') === INDEX_SCHEMA_VERSION;
  if (reusable) {
    sample = JSON.parse(readMetaOf(file, 'bench_sample') ?? '[]') as TSampledOffer[];
    log('Index: reused from an earlier run');
  } else {
    const built = await build();
    sample = built.sample;
    log(`Index built in ${built.seconds.toFixed(0)} s`);
  }
  log(`Index file: ${(statSync(file).size / 2 ** 20).toFixed(0)} MiB`);
  if (args['build-only']) return;
  const queryLog = buildQueryLog({ offers: sample, size: Number(args.queries) });
  const order = replayOrder(queryLog.length, 100_000);
  const searches = Array.from(order, (i) => toIndexSearch(queryLog[i]!.query, queryLog[i]!.body));
  const classes = Array.from(order, (i) => queryLog[i]!.queryClass);
  const rows: string[] = ['| path | in flight | p50 ms | p99 ms | queries/s |', '|---|---|---|---|---|'];

  const reader = openReader(file);
  for (let i = 0; i < 300; i++) queryIndex(reader, searches[i]!);
  const latencies: number[] = [];
  const byClass = new Map<string, number[]>();
  const deadline = performance.now() + duration * 1000;
  for (let i = 0; performance.now() < deadline; i++) {
    const started = performance.now();
    queryIndex(reader, searches[i % searches.length]!);
    const latency = performance.now() - started;
    latencies.push(latency);
    const label = classes[i % classes.length]!;
    byClass.set(label, [...(byClass.get(label) ?? []), latency]);
  }
  reader.close();
  latencies.sort((a, b) => a - b);
  rows.push(
    `| engine, one thread | 1 | ${percentile(latencies, 50).toFixed(2)} | ${percentile(latencies, 99).toFixed(2)} | ${(latencies.length / duration).toFixed(0)} |`,
  );

  const workers = new SearchWorkers(2, file);
  for (const inFlight of [1, 8, 32]) {
    const times: number[] = [];
    let next = 0;
    const end = performance.now() + duration * 1000;
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (performance.now() < end) {
          const started = performance.now();
          await workers.search(searches[next++ % searches.length]!);
          times.push(performance.now() - started);
        }
      }),
    );
    times.sort((a, b) => a - b);
    rows.push(
      `| two search threads | ${inFlight} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 99).toFixed(2)} | ${(times.length / duration).toFixed(0)} |`,
    );
  }
  await workers.close();
  const memory = memoryOf(process.pid);
  log('');
  log(rows.join('\n'));
  log('');
  log('| class | queries | p50 ms | p99 ms (one thread) |');
  log('|---|---|---|---|');
  for (const [label, times] of byClass) {
    times.sort((a, b) => a - b);
    log(`| ${label} | ${times.length} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 99).toFixed(2)} |`);
  }
  log('');
  log(`Process memory after the runs: RSS ${memory.rssMb.toFixed(0)} MB, peak ${memory.peakMb.toFixed(0)} MB`);
}

runBench(main);
