// `npm run bench:search-engines [-- --datasets 100000,1000000 --engines pg-today,sqlite-fts5]`: builds each
// candidate search engine from the same realistic corpus and replays the same query log on it, one engine
// after another, each in a process of its own. Prints one Markdown table per run and a per-class table.
// The corpus and query files are kept under .data/search-engines and reused; indexes are dropped after use.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { machineLine, root } from '../lib/bench-server';
import { ENGINES_DATA_DIR, ensureCorpus } from './corpus';
import { ENGINE_NAMES, type TEngineName } from './engine';
import { DEFAULT_POSTGRES_URL, dropBenchDatabase, ensureBenchDatabase } from './engines/postgres';
import { CONCURRENCY } from './measure';
import { ensureQueries } from './queries';
import { classTable, comparisonTable } from './report';
import type { TEngineRun } from './run-engine';

const { values: args } = parseArgs({
  options: {
    /** Corpus sizes, comma-separated; each is measured in turn. */
    datasets: { type: 'string', default: '100000' },
    /** Engines, comma-separated, from ENGINE_NAMES; MiniSearch only when named (it did not finish at 100,000). */
    engines: { type: 'string', default: ENGINE_NAMES.join(',') },
    /** Distinct queries in the log, each run once single-threaded. */
    queries: { type: 'string', default: '5000' },
    /** Documents the log's queries are drawn from. */
    sample: { type: 'string', default: '20000' },
    /** Titles in the known-item check. */
    titles: { type: 'string', default: '500' },
    /** Searches replayed (Zipf popularity) at 8 in flight. */
    replay: { type: 'string', default: '5000' },
    /** A PostgreSQL server where the `bench_engines` database may be created and dropped. */
    'postgres-url': { type: 'string', default: DEFAULT_POSTGRES_URL },
    /** Prints the tables from the results kept by earlier runs of these sizes and engines, running nothing. */
    'report-only': { type: 'boolean', default: false },
  },
});

const sizes = (args.datasets ?? '').split(',').map(Number);
const engines = (args.engines ?? '').split(',') as TEngineName[];
for (const engine of engines) {
  if (!ENGINE_NAMES.includes(engine)) throw new Error(`Unknown engine ${engine}: one of ${ENGINE_NAMES.join(', ')}`);
}

/** Runs one engine in a child process with room for an in-memory index. */
async function runEngine(options: {
  engine: TEngineName;
  datasets: number;
  corpus: string;
  queries: string;
  databaseUrl: string;
}): Promise<TEngineRun> {
  const out = resultPath(options.engine, options.datasets);
  const child = spawn(
    process.execPath,
    [
      '--max-old-space-size=16384',
      '--import',
      'tsx',
      path.join(root, 'bench/search-engines/run-engine.ts'),
      `--engine=${options.engine}`,
      `--datasets=${options.datasets}`,
      `--corpus=${options.corpus}`,
      `--queries=${options.queries}`,
      `--postgres-url=${options.databaseUrl}`,
      `--replay=${args.replay}`,
      `--out=${out}`,
    ],
    // With fewer threads LanceDB deadlocks building a positional index on 2 cores.
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, LANCE_CPU_THREADS: '4' } },
  );
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`${options.engine} at ${options.datasets} exited with ${code}`);
  return JSON.parse(await readFile(out, 'utf8')) as TEngineRun;
}

const resultPath = (engine: TEngineName, datasets: number) =>
  path.join(ENGINES_DATA_DIR, `result-${engine}-${datasets}.json`);

/** The kept results of earlier runs, in the order of the command line; missing ones are skipped. */
async function keptRuns(): Promise<TEngineRun[]> {
  const runs: TEngineRun[] = [];
  for (const datasets of sizes) {
    for (const engine of engines) {
      const file = resultPath(engine, datasets);
      if (existsSync(file)) runs.push(JSON.parse(await readFile(file, 'utf8')) as TEngineRun);
    }
  }
  return runs;
}

async function main(): Promise<void> {
  if (args['report-only']) {
    const runs = await keptRuns();
    process.stdout.write(`${comparisonTable(runs)}\n\n${classTable(runs)}\n`);
    return;
  }
  const adminUrl = args['postgres-url'] ?? DEFAULT_POSTGRES_URL;
  const usesPostgres = engines.some((engine) => engine.startsWith('pg-'));
  const databaseUrl = usesPostgres ? await ensureBenchDatabase(adminUrl) : '';
  const runs: TEngineRun[] = [];
  try {
    for (const datasets of sizes) {
      const corpus = await ensureCorpus(datasets);
      process.stdout.write(
        `Corpus of ${datasets.toLocaleString('en-US')}: ${corpus.reused ? 'reused' : `${corpus.seconds.toFixed(0)} s`}\n`,
      );
      const { file: queries, set } = await ensureQueries({
        corpusFile: corpus.file,
        count: datasets,
        size: Number(args.queries),
        sample: Number(args.sample),
        titles: Number(args.titles),
      });
      for (const engine of engines) {
        process.stdout.write(`Running ${engine} at ${datasets.toLocaleString('en-US')}\n`);
        try {
          runs.push(await runEngine({ engine, datasets, corpus: corpus.file, queries, databaseUrl }));
        } catch (error) {
          process.stdout.write(`  ${String(error)}\n`);
        }
      }
      process.stdout.write(
        `\n${machineLine()}\nQuery log: ${set.log.length.toLocaleString('en-US')} distinct queries once each on one ` +
          `thread, ${Number(args.replay).toLocaleString('en-US')} replayed by popularity at ${CONCURRENCY} in flight; ` +
          `${set.titles.length} titles for hit@10\n\n`,
      );
    }
  } finally {
    if (usesPostgres) await dropBenchDatabase(adminUrl);
  }
  process.stdout.write(`${comparisonTable(runs)}\n\n${classTable(runs)}\n`);
}

await main();
