// `npm run bench:search-index-profile -- --datasets 300000 [--queries 5000] [--save answers.json] [--against
// answers.json]`: runs every distinct query of the search benchmark's log once through the engine on one thread,
// on the index `npm run bench:search-index` built (run that first), and prints per query class the engine's
// stages (parse, match, rank, facets, ids) at p50 / p99 and the CPU time per query (the filtered queries also by
// what filters them). `--save` writes every answer (offers, total, facets); `--against` compares this run's answers
// with a saved run's: the same offers in the same order, the same totals and facet counts, query by query (to
// compare two versions of the engine). `--server-index` profiles instead the index the server of `npm run
// bench:search` built and reads (realistic corpus), with the log drawn from its database as that benchmark draws it;
// `--slowest N` lists the N queries that took longest, with their stages. `--bm25` ranks with FTS5's bm25() instead
// of dsm_bm25() (rank-extension.ts), to compare the two on one index; the first, untimed pass is reported too, as
// it runs before any phrase's count is kept.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDatabase } from '../apps/server/src/db/database';
import { openReader, readMeta } from '../apps/server/src/modules/search/index/index-schema';
import { queryIndex } from '../apps/server/src/modules/search/index/query-index';
import { hasRankExtension } from '../apps/server/src/modules/search/index/rank-extension';
import type { TIndexSearchResult } from '../apps/server/src/modules/search/index/search-index';
import { openBenchDatabase, percentile } from './lib/bench-server';
import { buildQueryLog, sampleCatalogue, type TSampledOffer, toIndexSearch } from './lib/query-log';

const { values: args } = parseArgs({
  options: {
    datasets: { type: 'string', default: '300000' },
    queries: { type: 'string', default: '5000' },
    save: { type: 'string' },
    against: { type: 'string' },
    'server-index': { type: 'boolean', default: false },
    sample: { type: 'string', default: '20000' },
    slowest: { type: 'string', default: '0' },
    bm25: { type: 'boolean', default: false },
  },
});
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '.data', 'bench', 'search-index-engine');
const serverIndexDir = path.join(dir, '..', 'search-index-realistic');
const file = args['server-index']
  ? path.join(serverIndexDir, readFileSync(path.join(serverIndexDir, 'CURRENT'), 'utf8').trim())
  : path.join(dir, `realistic-${Number(args.datasets)}.sqlite`);
const log = (line: string) => process.stdout.write(`${line}\n`);

type TSaved = Pick<TIndexSearchResult, 'offerIds' | 'total' | 'isTotalCapped' | 'facets' | 'matchedAllTerms'>;

const db = openReader(file, { isRankedNatively: !args.bm25 });
log(`Ranking with ${hasRankExtension(db) ? 'dsm_bm25() (phrase counts kept)' : 'bm25()'}`);
/** The sample `npm run bench:search` draws its log from, from its database. */
async function serverSample(): Promise<TSampledOffer[]> {
  const database = await openBenchDatabase({ name: 'dsm_bench_realistic', folder: 'bench' });
  const handle = createDatabase({ url: database.url, maxConnections: 1, applicationName: 'dsm-bench-profile' });
  try {
    return await sampleCatalogue(handle.pool, Number(args.sample));
  } finally {
    await handle.close();
    await database.stop();
  }
}
const sample = args['server-index']
  ? await serverSample()
  : (JSON.parse(readMeta(db, 'bench_sample') ?? '[]') as TSampledOffer[]);
const queryLog = buildQueryLog({ offers: sample, size: Number(args.queries) });
// Warm the page cache, the facet arrays and the phrase counts with a first pass that is timed apart.
const firstCpu = process.cpuUsage();
const firstStarted = performance.now();
for (const entry of queryLog) queryIndex(db, toIndexSearch(entry.query, entry.body));
const firstUsed = process.cpuUsage(firstCpu);
log(
  `First pass: ${queryLog.length} queries in ${(performance.now() - firstStarted).toFixed(0)} ms, CPU ${((firstUsed.user + firstUsed.system) / 1000 / queryLog.length).toFixed(2)} ms a query`,
);

/** The filtered queries again by what filters them: words beside a category, a keyword or a price; no words. */
function filterLabel(entry: (typeof queryLog)[number]): string[] {
  if (entry.queryClass !== 'filtered') return [];
  const filter = entry.body.filter ?? {};
  if (entry.query === '') return ['filtered, no words'];
  if ((filter.categories ?? []).length > 0) return ['filtered, words + category'];
  if ((filter.keywords ?? []).length > 0) return ['filtered, words + keyword'];
  return ['filtered, words + price'];
}
const stageNames = ['parse', 'match', 'rank', 'facets', 'ids', 'total', 'cpu'] as const;
const byClass = new Map<string, Record<(typeof stageNames)[number], number[]>>();
const saved: TSaved[] = [];
const timed: { query: string; queryClass: string; total: number; stages: string }[] = [];
const startedCpu = process.cpuUsage();
const started = performance.now();
for (const entry of queryLog) {
  const cpu = process.cpuUsage();
  const before = performance.now();
  const answer = queryIndex(db, toIndexSearch(entry.query, entry.body));
  const total = performance.now() - before;
  const used = process.cpuUsage(cpu);
  saved.push({
    offerIds: answer.offerIds,
    total: answer.total,
    isTotalCapped: answer.isTotalCapped,
    facets: answer.facets,
    matchedAllTerms: answer.matchedAllTerms,
  });
  timed.push({
    query: `${entry.query}${entry.body.filter ? ` ${JSON.stringify(entry.body.filter)}` : ''}${entry.body.sort ? ` sort ${entry.body.sort}` : ''}`,
    queryClass: entry.queryClass,
    total,
    stages: Object.entries(answer.stages ?? {})
      .map(([name, time]) => `${name} ${(time ?? 0).toFixed(1)}`)
      .join(', '),
  });
  for (const label of [entry.queryClass, ...filterLabel(entry), 'all']) {
    let times = byClass.get(label);
    if (!times) {
      times = Object.fromEntries(stageNames.map((name) => [name, [] as number[]])) as NonNullable<typeof times>;
      byClass.set(label, times);
    }
    for (const name of ['parse', 'match', 'rank', 'facets', 'ids'] as const)
      times[name].push(answer.stages?.[name] ?? 0);
    times.total.push(total);
    times.cpu.push((used.user + used.system) / 1000);
  }
}
const wall = performance.now() - started;
const cpuAll = process.cpuUsage(startedCpu);
log(
  `${queryLog.length} queries in ${wall.toFixed(0)} ms, CPU ${((cpuAll.user + cpuAll.system) / 1000 / queryLog.length).toFixed(2)} ms a query`,
);
log('');
log(`| class | queries | ${stageNames.map((name) => `${name} p50 / p99`).join(' | ')} | total mean |`);
log(`|---|---|${stageNames.map(() => '---').join('|')}|---|`);
for (const [label, times] of byClass) {
  const cells = stageNames.map((name) => {
    const sorted = [...times[name]].sort((a, b) => a - b);
    return `${percentile(sorted, 50).toFixed(2)} / ${percentile(sorted, 99).toFixed(2)}`;
  });
  const mean = times.total.reduce((sum, time) => sum + time, 0) / times.total.length;
  log(`| ${label} | ${times.total.length} | ${cells.join(' | ')} | ${mean.toFixed(2)} |`);
}
const slowest = Number(args.slowest);
if (slowest > 0) {
  log('');
  log(`The ${slowest} slowest queries:`);
  log('');
  log('| ms | class | query | stages ms |');
  log('|---|---|---|---|');
  for (const row of [...timed].sort((a, b) => b.total - a.total).slice(0, slowest))
    log(`| ${row.total.toFixed(1)} | ${row.queryClass} | ${row.query.replaceAll('|', '\\|')} | ${row.stages} |`);
}
if (args.save) writeFileSync(args.save, JSON.stringify(saved));
if (args.against) {
  const other = JSON.parse(readFileSync(args.against, 'utf8')) as TSaved[];
  const differing = { offers: 0, order: 0, firstResult: 0, totals: 0, facets: 0, matchedAllTerms: 0 };
  let overlap = 0;
  for (const [i, answer] of saved.entries()) {
    const before = other[i] as TSaved;
    const same = new Set(before.offerIds);
    const shared = answer.offerIds.filter((id) => same.has(id)).length;
    overlap += before.offerIds.length === 0 ? 1 : shared / Math.max(before.offerIds.length, answer.offerIds.length);
    if (shared !== before.offerIds.length || answer.offerIds.length !== before.offerIds.length) differing.offers++;
    else if (answer.offerIds.join() !== before.offerIds.join()) differing.order++;
    if (answer.offerIds[0] !== before.offerIds[0]) differing.firstResult++;
    if (answer.total !== before.total || answer.isTotalCapped !== before.isTotalCapped) differing.totals++;
    if (JSON.stringify(answer.facets) !== JSON.stringify(before.facets)) differing.facets++;
    if (answer.matchedAllTerms !== before.matchedAllTerms) differing.matchedAllTerms++;
  }
  log('');
  log(`Against ${args.against}: of ${saved.length} queries`);
  log(`- another set of offers on the page: ${differing.offers}; the same offers in another order: ${differing.order}`);
  log(
    `- another first result: ${differing.firstResult}; mean share of the page's offers in both: ${((overlap / saved.length) * 100).toFixed(1)} %`,
  );
  log(
    `- another total: ${differing.totals}; other facet counts: ${differing.facets}; matchedAllTerms: ${differing.matchedAllTerms}`,
  );
}
db.close();
