// One engine in a process of its own, so its memory is its own: builds it from the corpus file, measures
// every mode and writes the measures as JSON to the file named by --out.
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { readCorpus } from './corpus';
import type { TEngine, TEngineName } from './engine';
import { postgresNarrow } from './engines/postgres-narrow';
import { postgresToday } from './engines/postgres-today';
import { sqliteFts5 } from './engines/sqlite-fts5';
import { measureMode, type TModeMeasures } from './measure';
import type { TQuerySet } from './queries';

/** What one engine's run reports. */
export type TEngineRun = {
  engine: TEngineName;
  datasets: number;
  buildSeconds: number;
  bytesOnDisk: number;
  rssAfterBuildMb: number;
  rssAfterQueriesMb: number;
  serverRssAfterBuildMb?: number;
  serverRssAfterQueriesMb?: number;
  loadBefore: number[];
  loadAfter: number[];
  modes: TModeMeasures[];
};

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string' },
    datasets: { type: 'string' },
    corpus: { type: 'string' },
    queries: { type: 'string' },
    'postgres-url': { type: 'string' },
    replay: { type: 'string' },
    out: { type: 'string' },
  },
});

async function engineFor(name: TEngineName, datasets: number): Promise<TEngine> {
  const url = args['postgres-url'] ?? '';
  if (name === 'pg-today') return postgresToday(url);
  if (name === 'pg-narrow') return postgresNarrow(url);
  return sqliteFts5(datasets);
}

const rssMb = () => process.memoryUsage().rss / 2 ** 20;
const log = (line: string) => process.stderr.write(`  [${args.engine}] ${line}\n`);

async function main(): Promise<void> {
  const name = args.engine as TEngineName;
  const datasets = Number(args.datasets);
  const set = JSON.parse(await readFile(args.queries ?? '', 'utf8')) as TQuerySet;
  const loadBefore = os.loadavg();
  const engine = await engineFor(name, datasets);
  const started = performance.now();
  await engine.build(readCorpus(args.corpus ?? ''));
  const buildSeconds = (performance.now() - started) / 1000;
  log(`built in ${buildSeconds.toFixed(1)} s`);
  const afterBuild = await engine.measure();
  const rssAfterBuildMb = rssMb();
  const modes: TModeMeasures[] = [];
  for (const mode of engine.modes()) {
    const measured = await measureMode({
      mode,
      log: set.log,
      titles: set.titles,
      replayLength: Number(args.replay),
    });
    log(
      `${mode.label}: p50 ${measured.single.p50.toFixed(2)} ms, p99 ${measured.single.p99.toFixed(1)} ms, ` +
        `${measured.concurrent.perSecond.toFixed(0)} q/s at 8, hit@10 ${(measured.hitAt10.share * 100).toFixed(1)} %` +
        (measured.firstError ? `; first error: ${measured.firstError}` : ''),
    );
    modes.push(measured);
  }
  const afterQueries = await engine.measure();
  const run: TEngineRun = {
    engine: name,
    datasets,
    buildSeconds,
    bytesOnDisk: afterBuild.bytesOnDisk,
    rssAfterBuildMb,
    rssAfterQueriesMb: rssMb(),
    ...(afterBuild.serverRssMb === undefined ? {} : { serverRssAfterBuildMb: afterBuild.serverRssMb }),
    ...(afterQueries.serverRssMb === undefined ? {} : { serverRssAfterQueriesMb: afterQueries.serverRssMb }),
    loadBefore,
    loadAfter: os.loadavg(),
    modes,
  };
  await engine.close();
  await writeFile(args.out ?? '', JSON.stringify(run));
}

await main();
