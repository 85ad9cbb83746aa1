// `npm run bench:search [-- --datasets 1000000 --duration 15 --corpus realistic --mix log]`: loads a catalogue
// into a database of its own (one per corpus, reused while it holds the same count), starts the real server
// against it in a separate process, and replays a query log (or the old fixed mix) through HTTP at 1, 8 and 32
// connections and through the search service alone (the SQL it runs, without HTTP), then once more over HTTP
// with every cache cleared. The log is one stream across the runs: each run goes on where the one before stopped.
// Prints Markdown tables: overall, per query class, and the corpus's vocabulary.
//
// `--mixed`: instead, the log's searches at `--mixed-connections` (8) over HTTP alone, then again while the same
// server answers offer detail pages, catalogue exports and orders at steady rates and harvests a DCAT-US file one
// run after another (bench/lib/mixed-traffic.ts): search p50/p99 side by side, the other traffic's rates and
// errors per kind, the event-loop stalls over 50 ms the server logged in each run, and (unless `--no-stages`)
// the per-stage table of both runs. The harvested offers are deleted again at the end.
//
// `--first-minute`: instead, the searches of the first minute after a restart, as users would send them (no warm-up
// first): the server is stopped (it keeps the searches asked most) and started again with its search threads' warm
// start off and on, once with the index file left in the operating system's cache (a restart) and once dropped from
// it (`dd iflag=nocache`: a new machine, or a cache other work emptied). For each: seconds until the process
// listens, the first search's time, then p50/p99 over the first 10 s and the whole minute at 8 connections.
//
// `--processes N`: instead, the log's searches over HTTP at 1, 8 and 32 connections through HAProxy in front of N
// server processes on the one database (scripts/cluster-lib.mjs, the balancer at `--cluster-port`, the processes on
// the ports after it); run it with 1 and with 2 to compare.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { TSearchRequestInput } from '@dsm/contracts';
import { ZSearchRequest } from '@dsm/contracts';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { createDatabase } from '../apps/server/src/db/database';
import { findFreePort } from '../apps/server/src/db/embedded-postgres';
import { loginWithPassword } from '../apps/server/src/idp/login-with-password';
import { parseServerTiming } from '../apps/server/src/lib/server-timing';
import { parseQuery } from '../apps/server/src/modules/search/analysis/parse-query';
import { searchOffers } from '../apps/server/src/modules/search/http/search-offers';
import { type ISearchIndex, NO_INDEX_FILTER } from '../apps/server/src/modules/search/index/search-index';
import { SearchWorkers } from '../apps/server/src/modules/search/index/search-workers';
import { DEMO_USERS } from '../apps/server/src/modules/users/demo-users';
import { findUserByEmail } from '../apps/server/src/modules/users/find-user-by-email';
import { startCluster } from '../scripts/cluster-lib.mjs';
import {
  BENCH_CORPORA,
  cpuMsOfTrees,
  loadCatalogue,
  machineLine,
  memoryOf,
  openBenchDatabase,
  percentile,
  root,
  runBench,
  startServerProcess,
  type TBenchCorpus,
  type TServerProcess,
} from './lib/bench-server';
import { saveBuyerOrganisation } from './lib/buyer-organisation';
import { writeDcatUsCopies } from './lib/harvest-inputs';
import { awaitIndexMerge, churnIndex } from './lib/index-churn';
import { startMixedTraffic, type TMixedOffer, type TTrafficReport, trafficTable } from './lib/mixed-traffic';
import { numberOption } from './lib/number-option';
import { trackBackendCpu } from './lib/postgres-backend-cpu';
import {
  buildQueryLog,
  QUERY_CLASSES,
  replayOrder,
  sampleCatalogue,
  type TLoggedQuery,
  wordsOf,
} from './lib/query-log';

const MIXES = ['log', 'fixed', 'both'] as const;
type TMixOption = (typeof MIXES)[number];

const { values: args } = parseArgs({
  options: {
    datasets: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '15' },
    'database-url': { type: 'string' },
    /** `realistic` (default): the Zipf corpus of bench/lib/realistic-corpus; `demo`: the seeded demo catalogue. */
    corpus: { type: 'string', default: 'realistic' },
    /** `log` (default): the query log; `fixed`: the 13 queries measured before issue 24; `both`: one after the other. */
    mix: { type: 'string', default: 'log' },
    /** Distinct queries in the log. */
    queries: { type: 'string', default: '5000' },
    /** Catalogue offers the log's queries are drawn from. */
    sample: { type: 'string', default: '20000' },
    /** Also run over HTTP at 8 connections with every cache cleared; `--no-cold-run` skips it. */
    'cold-run': { type: 'boolean', default: true },
    /** Vocabulary size and matches per query word; `--no-corpus-stats` skips them (a minute or two at 1M). */
    'corpus-stats': { type: 'boolean', default: true },
    /** Where a request's time goes, from its `Server-Timing` header, at 1 and 8 connections; `--no-stages` skips it. */
    stages: { type: 'boolean', default: true },
    /** Search alone and under the other traffic of a running marketplace, side by side (see the head comment). */
    mixed: { type: 'boolean', default: false },
    'mixed-connections': { type: 'string', default: '8' },
    /** Offer detail pages per second during the mixed run. */
    'detail-rate': { type: 'string', default: '10' },
    /** Catalogue export pages (1,000 offers, JSON-LD, Turtle or RDF/XML) per second during the mixed run. */
    'export-rate': { type: 'string', default: '0.2' },
    /** Orders (the cart's lookup and the payment) per second during the mixed run. */
    'order-rate': { type: 'string', default: '0.5' },
    /** Copies of the data.cdc.gov catalogue (1,359 datasets each) in the file harvested; 0: no harvest. */
    'harvest-copies': { type: 'string', default: '4' },
    /** The mixed run counts holds of the server's event loop longer than this (ms; the rule is 50). */
    'stall-ms': { type: 'string', default: '50' },
    /** Server processes behind HAProxy (see the head comment); unset: one process, reached directly. */
    processes: { type: 'string' },
    /**
     * Instead of the other runs: the first `--first-minute-seconds` (60) after a restart at 8 connections, with the
     * search threads' warm start off (SEARCH_WARM_SECONDS=0) and on, the index file left in the operating system's
     * cache and dropped from it; the time to listen and the first search's, side by side (see the head comment).
     */
    'first-minute': { type: 'boolean', default: false },
    /**
     * Offers rewritten in the search index before the runs (a harvest updating them), to measure an index changes
     * have fragmented; the runs start once the index has applied them and, unless `--no-merge`, merged its lists.
     */
    churn: { type: 'string', default: '0' },
    /** The server merges no lists (SEARCH_MERGE_AFTER_CHANGES set out of reach): an index as changes left it. */
    merge: { type: 'boolean', default: true },
    /** The server's SEARCH_SETTLE_SECONDS; the runs wait for a merge that is due. */
    'settle-seconds': { type: 'string', default: '5' },
    'first-minute-seconds': { type: 'string', default: '60' },
    /** The balancer's port with `--processes`; the processes listen on the ports after it. */
    'cluster-port': {
      type: 'string',
      default: process.env.BENCH_PORT ? String(Number(process.env.BENCH_PORT) + 10) : '18080',
    },
  },
  allowNegative: true,
});
const datasets = numberOption(args, 'datasets', { min: 1 });
const duration = numberOption(args, 'duration', { min: 1, isWhole: false });
const distinctQueries = numberOption(args, 'queries', { min: 1 });
const sampleSize = numberOption(args, 'sample', { min: 1 });
const corpus = args.corpus as TBenchCorpus;
const mix = args.mix as TMixOption;
if (!BENCH_CORPORA.includes(corpus)) throw new Error(`--corpus must be one of ${BENCH_CORPORA.join(', ')}`);
if (!MIXES.includes(mix)) throw new Error(`--mix must be one of ${MIXES.join(', ')}`);
const mixedConnections = Number(args['mixed-connections']);
const mixedRates = {
  detail: Number(args['detail-rate']),
  export: Number(args['export-rate']),
  order: Number(args['order-rate']),
};
const harvestCopies = Number(args['harvest-copies']);
const stallMs = numberOption(args, 'stall-ms', { min: 1 });
if (!Number.isInteger(mixedConnections) || mixedConnections < 1)
  throw new Error('--mixed-connections must be a positive integer');
for (const [name, rate] of Object.entries(mixedRates))
  if (!Number.isFinite(rate) || rate < 0 || rate > 1000) throw new Error(`--${name}-rate must be 0 to 1000 per second`);
if (!Number.isInteger(harvestCopies) || harvestCopies < 0 || harvestCopies > 50)
  throw new Error('--harvest-copies must be 0 to 50');
const processCount = args.processes === undefined ? null : Number(args.processes);
if (processCount !== null && (!Number.isInteger(processCount) || processCount < 1 || processCount > 16))
  throw new Error('--processes must be 1 to 16');
const churn = numberOption(args, 'churn', { min: 0 });
const settleSeconds = numberOption(args, 'settle-seconds', { min: 0, isWhole: false });
/** Text writes after which the server merges the index's lists (its default), or out of reach with `--no-merge`. */
const mergeAfterChanges = args.merge ? 20_000 : 100_000_000;
const clusterPort = Number(args['cluster-port']);
if (!Number.isInteger(clusterPort) || clusterPort < 1 || clusterPort > 65_000)
  throw new Error('--cluster-port must be a port with free ports after it');

/** The server's search index, kept per corpus beside the bench database: reused while the catalogue is unchanged. */
const indexDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '.data',
  'bench',
  `search-index-${corpus}`,
);
/** Where the mixed run writes the file it harvests: the server reads harvest files from this folder only. */
const harvestDir = path.join(path.dirname(indexDir), 'harvest-input');
const serverEnv = {
  SEARCH_RATE_LIMIT: '0',
  // Where the runs read how many of a page's offers the server had kept (readKeptOffers).
  METRICS_PORT: String(process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) + 2 : await findFreePort()),
  SEARCH_INDEX_DIR: indexDir,
  SEARCH_MERGE_AFTER_CHANGES: String(mergeAfterChanges),
  SEARCH_SETTLE_SECONDS: String(settleSeconds),
  // The mixed run's harvests, and the stalls it counts (a line per hold of the event loop over 50 ms).
  ...(args.mixed ? { HARVEST_FILE_DIR: harvestDir, EVENT_LOOP_STALL_MS: String(stallMs) } : {}),
};

/** One request of a workload; `label` is what the per-class table groups by. */
type TBenchQuery = { label: string; query: string; body: TSearchRequestInput };

/** A workload: a name and a source of requests, each call of `cursor` starting the sequence afresh. */
type TWorkload = { name: string; labels: readonly string[]; cursor: () => () => TBenchQuery };

/** The fixed mix measured before issue 24: free text of 1 to 3 terms, filters, the empty query and a deep page. */
const FIXED_MIX: TBenchQuery[] = [
  { label: 'one common term', query: 'daten', body: { index: 0, pageSize: 10 } },
  { label: 'one term en', query: 'traffic', body: { index: 0, pageSize: 10 } },
  { label: 'two terms', query: 'air|quality', body: { index: 0, pageSize: 10 } },
  { label: 'three terms de', query: 'verkehr|zählung|köln', body: { index: 0, pageSize: 10 } },
  { label: 'phrase', query: '"open data"', body: { index: 0, pageSize: 10 } },
  { label: 'rare term', query: 'grundwasser', body: { index: 0, pageSize: 10 } },
  {
    label: 'term + category',
    query: 'messung',
    body: { index: 0, pageSize: 10, filter: { categories: ['ENVIRONMENT'] } },
  },
  { label: 'category only', query: '', body: { index: 0, pageSize: 10, filter: { categories: ['TRANSPORT'] } } },
  { label: 'keyword filter', query: 'data', body: { index: 0, pageSize: 10, filter: { keywords: ['Open Data'] } } },
  {
    label: 'price range',
    query: 'energy',
    body: { index: 0, pageSize: 10, filter: { minPrice: 10, maxPrice: 200 } },
  },
  { label: 'empty query', query: '', body: { index: 0, pageSize: 10 } },
  { label: 'page of 100', query: 'stadt', body: { index: 2, pageSize: 100 } },
  { label: 'deep page near cap', query: 'daten', body: { index: 998, pageSize: 10 } },
];

const fixedWorkload: TWorkload = {
  name: 'fixed mix (13 queries)',
  labels: FIXED_MIX.map((item) => item.label),
  cursor: () => {
    let next = 0;
    return () => FIXED_MIX[next++ % FIXED_MIX.length]!;
  },
};

/** Requests replayed per run at most; the order wraps around beyond it. */
const REPLAY_LENGTH = 200_000;

function logWorkload(log: readonly TLoggedQuery[]): TWorkload {
  const order = replayOrder(log.length, REPLAY_LENGTH);
  let replayed = 0;
  return {
    name: `query log (${log.length.toLocaleString('en-US')} distinct queries)`,
    labels: QUERY_CLASSES,
    // One stream across the runs, as a running server sees its users' searches: each run goes on where the one
    // before stopped, so that a run does not ask again, in the same order, what the runs before it asked (and the
    // server kept).
    cursor: () => {
      return () => {
        const item = log[order[replayed++ % order.length]!]!;
        return { label: item.queryClass, query: item.query, body: item.body };
      };
    },
  };
}

type TLatencies = Map<string, { latencies: number[]; errors: number }>;

type TResult = {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  /** Failed requests of every kind, timeouts included. */
  errors: number;
  timeouts: number;
  byLabel: TLatencies;
  /** CPU time per answered request of the server process (threads included) and of PostgreSQL, in ms (HTTP runs). */
  cpuPerRequest?: { server: number; database: number };
};

/** The server processes the HTTP runs go to (their CPU time is read around each run). */
let serverPids: number[] = [];
/** The benchmark's PostgreSQL: the postmaster started on its data folder, with its backends. */
const isBenchPostgres = (_pid: number, cmdline: string) =>
  cmdline.includes(path.join(root, '.data', 'bench', 'postgres')) && /postgres/.test(cmdline);

/**
 * With `--database-url`, the backends of that database on this machine's PostgreSQL (not children of the benchmark),
 * followed from the start.
 */
const externalBackends = args['database-url'] ? trackBackendCpu(new URL(args['database-url']).pathname.slice(1)) : null;

function cpuNow(): { server: number; database: number } {
  return {
    server: cpuMsOfTrees((pid) => serverPids.includes(pid)),
    database: externalBackends ? externalBackends.read() : cpuMsOfTrees(isBenchPostgres),
  };
}

function record(byLabel: TLatencies, label: string, latency: number | null): void {
  let entry = byLabel.get(label);
  if (!entry) {
    entry = { latencies: [], errors: 0 };
    byLabel.set(label, entry);
  }
  if (latency === null) entry.errors++;
  else entry.latencies.push(latency);
}

/**
 * The Authorization header of the seeded demo buyer, signed in through the server's own provider.
 * Taken afresh before each run: access tokens live 5 minutes.
 */
async function buyerAuthorization(baseUrl: string): Promise<string> {
  const buyer = DEMO_USERS[0]!;
  const tokens = await loginWithPassword({ baseUrl, email: buyer.email, password: buyer.password });
  return `Bearer ${tokens.accessToken}`;
}

/** Per-connection state autocannon hands to the request generator; it holds the class of the request in flight. */
type TRequestContext = { label?: string };

type TAutocannonRun = Promise<autocannon.Result> & {
  on(
    event: 'response',
    listener: (
      client: { requestIterator?: { context?: TRequestContext } },
      status: number,
      bytes: number,
      latencyMs: number,
    ) => void,
  ): void;
};

async function runHttp(
  baseUrl: string,
  connections: number,
  workload: TWorkload,
  signedIn?: string,
  seconds = duration,
  /** When given, each answer's time since the run started and its latency, in ms. */
  timeline?: [number, number][],
): Promise<TResult> {
  const authorization = signedIn ?? (await buyerAuthorization(baseUrl));
  const next = workload.cursor();
  const byLabel: TLatencies = new Map();
  // Called without a callback, autocannon returns its event emitter made thenable; the types know only the promise.
  const instance = autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request, context) => {
          const item = next();
          (context as TRequestContext).label = item.label;
          return {
            ...request,
            method: 'POST',
            path: `/api/search?query=${encodeURIComponent(item.query)}`,
            headers: { 'content-type': 'application/json', authorization },
            body: JSON.stringify(item.body),
          };
        },
      },
    ],
  }) as unknown as TAutocannonRun;
  // With one request in flight per connection, the connection's context still names it when it answers.
  instance.on('response', (client, status, _bytes, time) => {
    const label = client.requestIterator?.context?.label ?? '?';
    record(byLabel, label, status >= 200 && status < 300 ? time : null);
    timeline?.push([performance.now() - runStarted, time]);
  });
  const runStarted = performance.now();
  const cpuBefore = cpuNow();
  const result = await instance;
  const cpuAfter = cpuNow();
  const answered = Math.max(1, result.requests.total - result.non2xx);
  return {
    cpuPerRequest: {
      server: (cpuAfter.server - cpuBefore.server) / answered,
      database: (cpuAfter.database - cpuBefore.database) / answered,
    },
    p50: result.latency.p50,
    p95: result.latency.p97_5,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.errors + result.non2xx,
    timeouts: result.timeouts,
    byLabel,
  };
}

/** The server's counts of the offers its search pages took from memory or read (search_kept_offers_total). */
type TKeptOffers = {
  kept: number;
  expired: number;
  read: number;
  dropped: number;
  /** Searches answered from the kept answers or with the answer of the same search in flight, and by a thread. */
  answers: { kept: number; shared: number; asked: number };
};

/** Reads the kept-offer counters from the server's metrics listener (its URL is in what the server printed). */
async function readKeptOffers(server: TServerProcess): Promise<TKeptOffers | null> {
  const url = /Prometheus metrics at (\S+)/.exec(server.output())?.[1];
  if (!url) return null;
  // The table is a reading beside the runs: a listener that does not answer leaves its row n/a.
  const text = await fetch(url).then(
    (response) => response.text(),
    () => '',
  );
  if (!text) return null;
  const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
  return {
    kept: value(/^search_kept_offers_total\{result="kept"\} (\d+)/m),
    expired: value(/^search_kept_offers_total\{result="expired"\} (\d+)/m),
    read: value(/^search_kept_offers_total\{result="read"\} (\d+)/m),
    dropped: value(/^search_kept_offers_dropped_total (\d+)/m),
    answers: {
      kept: value(/^search_kept_answers_total\{result="kept"\} (\d+)/m),
      shared: value(/^search_kept_answers_total\{result="shared"\} (\d+)/m),
      asked: value(/^search_kept_answers_total\{result="asked"\} (\d+)/m),
    },
  };
}

const KEPT_TABLE_HEAD = [
  '| run | offers asked | kept | kept but expired (read again) | not kept (read) | kept ones pushed out | searches | answered without a search thread |',
  '|---|---|---|---|---|---|---|---|',
];

/** A row of the kept-offers table: what one run added to the counters. */
function keptRow(run: string, before: TKeptOffers | null, after: TKeptOffers | null): string {
  if (!before || !after) return `| ${run} | n/a | | | | | | |`;
  const kept = after.kept - before.kept;
  const expired = after.expired - before.expired;
  const read = after.read - before.read;
  const asked = kept + expired + read;
  const share = (n: number) => (asked === 0 ? 'n/a' : `${((100 * n) / asked).toFixed(1)} %`);
  const searches = {
    kept: after.answers.kept - before.answers.kept,
    shared: after.answers.shared - before.answers.shared,
    asked: after.answers.asked - before.answers.asked,
  };
  const total = searches.kept + searches.shared + searches.asked;
  const spared =
    total === 0
      ? 'n/a'
      : `${((100 * (searches.kept + searches.shared)) / total).toFixed(1)} % (${searches.shared} shared)`;
  return `| ${run} | ${asked} | ${share(kept)} | ${share(expired)} | ${share(read)} | ${after.dropped - before.dropped} | ${total} | ${spared} |`;
}

/** The index file the server process built and reads (SEARCH_INDEX_DIR's CURRENT). */
function indexFile(): string {
  return path.join(indexDir, readFileSync(path.join(indexDir, 'CURRENT'), 'utf8').trim());
}

/** Keeps `connections` loops busy for `duration` seconds, each running `work` on the workload's next item. */
async function keepBusy<T>(
  connections: number,
  next: () => T,
  work: (item: T, started: number) => Promise<void>,
): Promise<void> {
  const deadline = performance.now() + duration * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await work(next(), performance.now());
    }),
  );
}

/**
 * The search service without HTTP: the server's own use case over the index file the server built, read
 * by two search threads as the server does, with the offers read from PostgreSQL.
 */
async function runService(url: string, connections: number, workload: TWorkload): Promise<TResult> {
  const handle = createDatabase({ url, maxConnections: connections, applicationName: 'dsm-bench-sql' });
  const workers = new SearchWorkers(2, indexFile());
  const searchIndex: ISearchIndex = {
    search: (search) => workers.search(search),
    suggest: (prefix) => workers.suggest(prefix),
    catchUp: async () => {},
    refresh: async () => {},
    rebuild: async () => {},
    close: () => workers.close(),
  };
  // Each thread reads the facets of a million offers when it opens (15-70 s): the server has done so
  // before it answers, so the timed run starts once both threads answered a search.
  await Promise.all(
    [0, 1].map(() =>
      workers.search({
        terms: [],
        exact: false,
        sort: 'newest',
        offset: 0,
        limit: 10,
        filter: NO_INDEX_FILTER,
      }),
    ),
  );
  const next = workload.cursor();
  const latencies: number[] = [];
  const byLabel: TLatencies = new Map();
  let errors = 0;
  await keepBusy(connections, next, async (item, started) => {
    try {
      await searchOffers({ db: handle.db, searchIndex, query: item.query, request: ZSearchRequest.parse(item.body) });
      const latency = performance.now() - started;
      latencies.push(latency);
      record(byLabel, item.label, latency);
    } catch {
      errors++;
      record(byLabel, item.label, null);
    }
  });
  await workers.close();
  await handle.close();
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: latencies.length / duration,
    errors,
    timeouts: 0,
    byLabel,
  };
}

async function runPerQuery(baseUrl: string): Promise<string[]> {
  const authorization = await buyerAuthorization(baseUrl);
  const rows: string[] = [];
  for (const item of FIXED_MIX) {
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/search?query=${encodeURIComponent(item.query)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify(item.body),
      });
      const body = (await response.json()) as { total?: number };
      times.push(performance.now() - started);
      if (i === 0 && response.status !== 200) throw new Error(`${item.label}: HTTP ${response.status}`);
      if (i === 14) {
        times.sort((a, b) => a - b);
        rows.push(
          `| ${item.label} | \`${item.query || '(empty)'}\` | ${body.total} | ${percentile(times, 50).toFixed(1)} |`,
        );
      }
    }
  }
  return rows;
}

/** Per stage of the search route, its times in ms (one per request; 0 where a request skipped the stage). */
type TStageTimes = { stages: Map<string, number[]>; totals: number[]; requests: number };

/**
 * Replays the workload at `connections` requests in flight for the run's duration and reads each answer's
 * `Server-Timing` header: where the time of a search request goes, stage by stage, as the server measured it.
 */
async function runStages(
  baseUrl: string,
  connections: number,
  workload: TWorkload,
  signedIn?: string,
): Promise<TStageTimes> {
  const authorization = signedIn ?? (await buyerAuthorization(baseUrl));
  const next = workload.cursor();
  const stages = new Map<string, number[]>();
  const totals: number[] = [];
  const seen: Map<string, number>[] = [];
  await keepBusy(connections, next, async (item, started) => {
    const response = await fetch(`${baseUrl}/api/search?query=${encodeURIComponent(item.query)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify(item.body),
    });
    await response.arrayBuffer();
    if (response.status !== 200) return;
    totals.push(performance.now() - started);
    const byName = new Map<string, number>();
    for (const stage of parseServerTiming(response.headers.get('server-timing'))) {
      byName.set(stage.name, (byName.get(stage.name) ?? 0) + stage.ms);
    }
    seen.push(byName);
  });
  for (const byName of seen) for (const name of byName.keys()) if (!stages.has(name)) stages.set(name, []);
  for (const byName of seen) for (const [name, list] of stages) list.push(byName.get(name) ?? 0);
  return { stages, totals, requests: seen.length };
}

/** The stage table: mean, p50 and p99 per stage and connection count, with each stage's share of the mean. */
function stageTable(runs: { connections: number; times: TStageTimes; label?: string }[]): string[] {
  const names = [...new Set(runs.flatMap((run) => [...run.times.stages.keys()]))];
  const mean = (list: number[]) => (list.length === 0 ? 0 : list.reduce((a, b) => a + b, 0) / list.length);
  const cells = (list: number[], total: number) => {
    const sorted = [...list].sort((a, b) => a - b);
    const average = mean(list);
    return `${fmt(average)} | ${fmt(percentile(sorted, 50))} | ${fmt(percentile(sorted, 99))} | ${total > 0 ? ((100 * average) / total).toFixed(0) : '0'} %`;
  };
  const header = runs
    .map((run) => `${run.label ? `${run.label}, ` : ''}${run.connections} conn: mean ms | p50 | p99 | share`)
    .join(' | ');
  const lines = [`| stage | ${header} |`, `|---|${runs.map(() => '---|---|---|---|').join('')}`];
  for (const name of names) {
    lines.push(
      `| ${name} | ${runs.map((run) => cells(run.times.stages.get(name) ?? [], mean(run.times.totals))).join(' | ')} |`,
    );
  }
  lines.push(
    `| whole request, at the client | ${runs.map((run) => cells(run.times.totals, mean(run.times.totals))).join(' | ')} |`,
  );
  lines.push(`| requests | ${runs.map((run) => `${run.times.requests} | | |`).join(' | ')} |`);
  return lines;
}

/** Replays the head of the log once, so the runs start as warm as a running server would be. */
async function warmUp(baseUrl: string, workload: TWorkload, requests: number): Promise<void> {
  const authorization = await buyerAuthorization(baseUrl);
  const next = workload.cursor();
  for (let i = 0; i < requests; i++) {
    const item = next();
    const response = await fetch(`${baseUrl}/api/search?query=${encodeURIComponent(item.query)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify(item.body),
    });
    // Shown, not thrown: the runs count the same failures as errors, and one bad query must not end a long run.
    if (response.status !== 200)
      process.stdout.write(`  warm-up: ${item.label} ${item.query}: HTTP ${response.status}\n`);
    await response.arrayBuffer();
  }
}

/** Shows a result row as soon as it is measured; the tables follow at the end. */
function progress(row: string): string {
  process.stdout.write(`  ${row}\n`);
  return row;
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');

function overallRow(path: string, connections: number, result: TResult): string {
  const errors = result.timeouts > 0 ? `${result.errors} (${result.timeouts} timeouts)` : String(result.errors);
  const cpu = result.cpuPerRequest;
  const cpuCells = cpu ? `${cpu.server.toFixed(1)} | ${cpu.database.toFixed(1)}` : 'n/a | n/a';
  return `| ${path} | ${connections} | ${fmt(result.p50)} | ${fmt(result.p95)} | ${fmt(result.p99)} | ${result.rps.toFixed(0)} | ${errors} | ${cpuCells} |`;
}

function classRows(path: string, connections: number, result: TResult, labels: readonly string[]): string[] {
  return labels.map((label) => {
    const entry = result.byLabel.get(label) ?? { latencies: [], errors: 0 };
    const sorted = [...entry.latencies].sort((a, b) => a - b);
    return `| ${path} | ${connections} | ${label} | ${sorted.length} | ${fmt(percentile(sorted, 50))} | ${fmt(percentile(sorted, 99))} | ${(sorted.length / duration).toFixed(1)} | ${entry.errors} |`;
  });
}

/**
 * Clears every cache the search path holds by starting a new server process. The engine of today keeps
 * none, so this run reports what the warm ones do; an engine that caches outside the server process must
 * add the clearing of that cache here.
 */
async function clearCaches(server: TServerProcess, url: string): Promise<TServerProcess> {
  await server.stop();
  for (let attempt = 1; ; attempt++) {
    const fresh = await startServerProcess(url, serverEnv);
    serverPids = [fresh.child.pid ?? 0];
    try {
      // A new process is also cold in ways no cache is about (compiled code, pooled connections): the fixed
      // mix warms those without putting any of the log's answers into a cache.
      await warmUp(fresh.baseUrl, fixedWorkload, FIXED_MIX.length * 3);
      return fresh;
    } catch (error) {
      // Seen once on a machine under heavy load: the new process went away during its warm-up.
      await fresh.stop();
      if (attempt === 3) throw error;
      process.stdout.write(`  restarting the server again: ${error instanceof Error ? error.message : error}\n`);
    }
  }
}

/**
 * The two numbers that make a corpus easy or hard for a search engine: how many distinct words it has
 * (terms of the search index) and how many offers a word people search for matches.
 */
function corpusStats(log: readonly TLoggedQuery[]): string[] {
  const db = new Database(indexFile(), { readonly: true, fileMustExist: true });
  try {
    db.exec("create virtual table temp.terms using fts5vocab(main, 'docs_fts', 'row')");
    const counts = (db.prepare('select doc from temp.terms order by doc').pluck().all() as number[]).sort(
      (a, b) => a - b,
    );
    const words = new Set<string>();
    for (const entry of log) {
      if (entry.queryClass === 'one term' || entry.queryClass === 'multi-term') {
        for (const word of wordsOf(entry.query.replaceAll('|', ' '))) words.add(word);
      }
    }
    // Every k-th word of the log, in the log's order: up to 300 words, popular and rare alike.
    const all = [...words];
    const step = Math.max(1, Math.floor(all.length / 300));
    const sampled = all.filter((_, i) => i % step === 0).slice(0, 300);
    const count = db.prepare('select count(*) from docs_fts where docs_fts match ?').pluck();
    const matches: number[] = [];
    for (const word of sampled) {
      const clause = parseQuery([word]).clauses[0];
      if (clause?.kind !== 'word') continue;
      matches.push(Number(count.get(`"${clause.word.replaceAll('"', '""')}"`)));
    }
    matches.sort((a, b) => a - b);
    const share = (n: number) => `${((100 * n) / datasets).toFixed(2)} %`;
    return [
      '| corpus | offers | distinct index terms | offers per term p50 / p90 / p99 | query words counted | offers matched by a query word p50 / p90 / max | p50 share of catalogue |',
      '|---|---|---|---|---|---|---|',
      `| ${corpus} | ${datasets.toLocaleString('en-US')} | ${counts.length.toLocaleString('en-US')} | ${percentile(counts, 50)} / ${percentile(counts, 90)} / ${percentile(counts, 99)} | ${matches.length} | ${percentile(matches, 50)} / ${percentile(matches, 90)} / ${matches[matches.length - 1] ?? 'n/a'} | ${share(percentile(matches, 50))} |`,
    ];
  } finally {
    db.close();
  }
}

/** Drops the index files from the operating system's page cache (posix_fadvise DONTNEED, through dd). */
function dropIndexFromPageCache(): void {
  const file = indexFile();
  for (const name of [file, `${file}-wal`]) {
    if (!existsSync(name)) continue;
    execFileSync('dd', [`if=${name}`, 'iflag=nocache', 'count=0', 'status=none']);
  }
}

/** Share of the index file's pages in the page cache, from `fincore` (util-linux); null where it is missing. */
function cachedShare(): string {
  try {
    const [pages, size] = execFileSync('fincore', ['--bytes', '--noheadings', '--output', 'RES,SIZE', indexFile()], {
      encoding: 'utf8',
    })
      .trim()
      .split(/\s+/)
      .map(Number);
    return `${((100 * (pages ?? 0)) / Math.max(1, size ?? 1)).toFixed(0)} %`;
  } catch {
    return 'n/a';
  }
}

/**
 * `--first-minute`: see the head comment. Returns the server left running (the last one started) and the table.
 */
async function runFirstMinute(
  server: TServerProcess,
  url: string,
  workload: TWorkload,
): Promise<{ server: TServerProcess; lines: string[] }> {
  const seconds = Number(args['first-minute-seconds']);
  if (!Number.isFinite(seconds) || seconds < 10) throw new Error('--first-minute-seconds must be at least 10');
  // The searches asked most, for the next process: the warm runs' traffic, kept when the server stops.
  await warmUp(server.baseUrl, workload, 300);
  await runHttp(server.baseUrl, 8, workload, undefined, 10);
  const lines = [
    '| warm start | index file in page cache | cached at start | listening after s | first search ms | p50 / p99 ms, first 10 s | p50 / p99 ms, whole run | req/s | errors | server CPU ms/req |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  let current = server;
  for (const cache of ['kept', 'dropped'] as const) {
    for (const warm of ['off', 'on'] as const) {
      await current.stop();
      if (cache === 'dropped') dropIndexFromPageCache();
      const cachedAtStart = cachedShare();
      const started = performance.now();
      current = await startServerProcess(url, {
        ...serverEnv,
        ...(warm === 'off' ? { SEARCH_WARM_SECONDS: '0' } : {}),
      });
      const listening = (performance.now() - started) / 1000;
      serverPids = [current.child.pid ?? 0];
      const warmLine = /Search index warm in .*/.exec(current.output())?.[0];
      if (warmLine) process.stdout.write(`  ${warmLine}\n`);
      // A user signs in, then searches: the sign-in is not the search's time.
      const authorization = await buyerAuthorization(current.baseUrl);
      const first = workload.cursor()();
      const firstStarted = performance.now();
      const response = await fetch(`${current.baseUrl}/api/search?query=${encodeURIComponent(first.query)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify(first.body),
      });
      await response.arrayBuffer();
      const firstMs = performance.now() - firstStarted;
      const timeline: [number, number][] = [];
      const result = await runHttp(current.baseUrl, 8, workload, authorization, seconds, timeline);
      const early = timeline
        .filter(([at]) => at < 10_000)
        .map(([, latency]) => latency)
        .sort((a, b) => a - b);
      const row = `| ${warm} | ${cache} | ${cachedAtStart} | ${listening.toFixed(1)} | ${firstMs.toFixed(0)} | ${fmt(percentile(early, 50))} / ${fmt(percentile(early, 99))} | ${fmt(result.p50)} / ${fmt(result.p99)} | ${result.rps.toFixed(0)} | ${result.errors} | ${result.cpuPerRequest?.server.toFixed(1) ?? 'n/a'} |`;
      lines.push(progress(row));
    }
  }
  // The same process a minute on: what "like any other" minute means on this machine, at this load.
  const steady = await runHttp(current.baseUrl, 8, workload, undefined, seconds);
  lines.push(
    progress(
      `| on, the next minute (no restart) | | | | | | ${fmt(steady.p50)} / ${fmt(steady.p99)} | ${steady.rps.toFixed(0)} | ${steady.errors} | ${steady.cpuPerRequest?.server.toFixed(1) ?? 'n/a'} |`,
    ),
  );
  return { server: current, lines };
}

/** The mixed run's harvest sources are named so; what they brought is deleted after the run. */
const HARVEST_PREFIX = 'bench-mixed-';

/** Offers for the mixed run's detail pages and orders: the first pages of the empty query. */
async function mixedOffers(baseUrl: string, authorization: string): Promise<TMixedOffer[]> {
  const offers: TMixedOffer[] = [];
  for (let index = 0; index < 5; index++) {
    const response = await fetch(`${baseUrl}/api/search?query=`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ index, pageSize: 100 }),
    });
    const page = (await response.json()) as {
      data: { '@id': string; isSellable: boolean; datasets?: { 'dcterms:publisher'?: { '@id'?: string } }[] }[];
    };
    for (const offer of page.data) {
      offers.push({
        id: offer['@id'],
        providerId: offer.datasets?.[0]?.['dcterms:publisher']?.['@id'] ?? null,
        isSellable: offer.isSellable,
      });
    }
  }
  return offers;
}

/**
 * Stalls over 50 ms the server logged: how many, for how long, how much of it the event loop's thread ran (a task
 * held it) and waited for a core (the machine's cores were busy elsewhere), the longest run, and the routes in
 * flight during them, most named first.
 */
function stallSummary(log: string): string {
  const stalls: { ms: number; runMs: number | null; waitMs: number | null; routes: string[] }[] = [];
  for (const line of log.split('\n')) {
    if (!line.includes('eventLoopStallMs')) continue;
    try {
      const entry = JSON.parse(line) as {
        eventLoopStallMs: number;
        threadRunMs?: number;
        threadWaitMs?: number;
        requests?: { method: string; route: string }[];
      };
      stalls.push({
        ms: entry.eventLoopStallMs,
        runMs: entry.threadRunMs ?? null,
        waitMs: entry.threadWaitMs ?? null,
        routes: [...new Set((entry.requests ?? []).map((request) => `${request.method} ${request.route}`))],
      });
    } catch {
      // Not a log line of the monitor.
    }
  }
  if (stalls.length === 0) return '0';
  const named = new Map<string, number>();
  for (const stall of stalls) for (const route of stall.routes) named.set(route, (named.get(route) ?? 0) + 1);
  const top = [...named.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([route, n]) => `${route} ${n}×`)
    .join(', ');
  const held = stalls.reduce((sum, stall) => sum + stall.ms, 0);
  const longest = Math.max(...stalls.map((stall) => stall.ms));
  const timed = stalls.filter((stall) => stall.runMs !== null && stall.waitMs !== null);
  if (timed.length === 0) return `${stalls.length}, ${held} ms in all (longest ${longest} ms; in flight: ${top})`;
  const share = (pick: (stall: (typeof timed)[number]) => number) =>
    `${((100 * timed.reduce((sum, stall) => sum + pick(stall), 0)) / held).toFixed(0)} %`;
  const longestRun = Math.max(...timed.map((stall) => stall.runMs as number));
  const overRun = timed.filter((stall) => (stall.runMs as number) > 50).length;
  return `${stalls.length}, ${held} ms in all, the loop's thread running ${share((stall) => stall.runMs as number)} and waiting for a core ${share((stall) => stall.waitMs as number)} of it; ${overRun} ran over 50 ms, the longest ran ${longestRun} ms (longest stall ${longest} ms; in flight: ${top})`;
}

/** Deletes the offers the mixed runs harvested and their sources, so the catalogue is the corpus again. */
async function deleteHarvested(url: string): Promise<number> {
  const handle = createDatabase({ url, maxConnections: 1, applicationName: 'dsm-bench-mixed' });
  const client = await handle.pool.connect();
  try {
    await client.query('set statement_timeout = 0');
    const deleted = await client.query(
      `delete from offers where id in (select r.offer_id from harvest_records r
         join harvest_sources s on s.id = r.source_id where s.name like $1)`,
      [`${HARVEST_PREFIX}%`],
    );
    await client.query('delete from harvest_sources where name like $1', [`${HARVEST_PREFIX}%`]);
    return deleted.rowCount ?? 0;
  } finally {
    client.release();
    await handle.close();
  }
}

const loadLine = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/**
 * Search alone, then search while the other traffic of a running marketplace goes on, at the same connection
 * count and on the same server; answers the Markdown lines of the comparison.
 */
async function runMixed(server: TServerProcess, url: string, workload: TWorkload): Promise<string[]> {
  const buyer = DEMO_USERS[0]!;
  const operator = DEMO_USERS.find((user) => user.isOperator)!;
  const handle = createDatabase({ url, maxConnections: 1, applicationName: 'dsm-bench-mixed' });
  const buyerUser = await findUserByEmail(handle.db, buyer.email);
  if (!buyerUser) throw new Error(`the demo buyer ${buyer.email} is missing`);
  await saveBuyerOrganisation(handle.db, buyerUser.id, 'Demo Buyer GmbH', buyer.email);
  await handle.close();
  let harvestFile: string | null = null;
  let harvestRecords = 0;
  if (harvestCopies > 0) {
    await mkdir(harvestDir, { recursive: true });
    harvestFile = path.join(harvestDir, 'cdc-copies.json');
    harvestRecords = await writeDcatUsCopies(harvestFile, harvestCopies);
  }
  const authorization = await buyerAuthorization(server.baseUrl);
  const operatorTokens = await loginWithPassword({
    baseUrl: server.baseUrl,
    email: operator.email,
    password: operator.password,
  });
  const offers = await mixedOffers(server.baseUrl, authorization);
  const lines: string[] = [];
  lines.push(
    `Other traffic: offer detail pages ${mixedRates.detail}/s, export pages of 1,000 offers ${mixedRates.export}/s, orders ${mixedRates.order}/s, harvests of ${harvestRecords.toLocaleString('en-US')} DCAT-US records one after another`,
  );
  lines.push(`Load average before: ${loadLine()}`);

  let logAt = server.output().length;
  let keptBefore = await readKeptOffers(server);
  const alone = await runHttp(server.baseUrl, mixedConnections, workload, authorization);
  const keptAlone = keptRow('alone', keptBefore, await readKeptOffers(server));
  const stallsAlone = stallSummary(server.output().slice(logAt));
  lines.push(progress(overallRow('HTTP API, search alone', mixedConnections, alone)));
  const stagesAlone = args.stages ? await runStages(server.baseUrl, mixedConnections, workload, authorization) : null;

  logAt = server.output().length;
  const traffic = startMixedTraffic({
    baseUrl: server.baseUrl,
    rates: mixedRates,
    buyer: { authorization, userId: buyerUser.id },
    operatorAuthorization: `Bearer ${operatorTokens.accessToken}`,
    offers,
    harvestFile,
    harvestPrefix: HARVEST_PREFIX,
    exportPageSize: 1000,
    exportPages: Math.max(1, Math.floor(datasets / 1000)),
  });
  let report: TTrafficReport;
  let mixed: TResult;
  let stagesMixed: TStageTimes | null = null;
  let keptMixed = '';
  try {
    // The harvest is under way (its file read and its first batches written) before the search starts. The
    // buyer signed in before: a sign-in under the mix may time out, and the search is what is measured.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    keptBefore = await readKeptOffers(server);
    mixed = await runHttp(server.baseUrl, mixedConnections, workload, authorization);
    keptMixed = keptRow('under the mix', keptBefore, await readKeptOffers(server));
    lines.push(progress(overallRow('HTTP API, search under the mix', mixedConnections, mixed)));
    if (args.stages) stagesMixed = await runStages(server.baseUrl, mixedConnections, workload, authorization);
  } finally {
    report = await traffic.stop();
    const deleted = await deleteHarvested(url);
    process.stdout.write(`  ${deleted.toLocaleString('en-US')} harvested offers deleted again\n`);
  }
  if (server.child.exitCode !== null)
    throw new Error(
      `the server ended during the mixed run (${server.child.exitCode}): ${server.output().slice(-3000)}`,
    );
  const stallsMixed = stallSummary(server.output().slice(logAt));
  lines.push(`Load average after: ${loadLine()}`);
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
  lines.push(
    '',
    `| search at 8 connections | p50 ms | p95 ms | p99 ms | searches/s | errors | server CPU ms per search | PostgreSQL CPU ms per search | event-loop stalls > ${stallMs} ms |`,
    '|---|---|---|---|---|---|---|---|---|',
    `| alone | ${fmt(alone.p50)} | ${fmt(alone.p95)} | ${fmt(alone.p99)} | ${alone.rps.toFixed(0)} | ${alone.errors} | ${alone.cpuPerRequest!.server.toFixed(1)} | ${alone.cpuPerRequest!.database.toFixed(1)} | ${stallsAlone} |`,
    `| under the mix | ${fmt(mixed.p50)} | ${fmt(mixed.p95)} | ${fmt(mixed.p99)} | ${mixed.rps.toFixed(0)} | ${mixed.errors} | ${mixed.cpuPerRequest!.server.toFixed(1)} (all traffic) | ${mixed.cpuPerRequest!.database.toFixed(1)} (all traffic) | ${stallsMixed} |`,
    `| mix / alone | ${ratio(mixed.p50, alone.p50)} | ${ratio(mixed.p95, alone.p95)} | ${ratio(mixed.p99, alone.p99)} | ${ratio(mixed.rps, alone.rps)} | | | | |`,
    '',
    ...KEPT_TABLE_HEAD,
    keptAlone,
    keptMixed,
    '',
    `### The other traffic (during both mixed runs: autocannon${args.stages ? ' and the stage run' : ''})`,
    '',
    ...trafficTable(report),
  );
  if (stagesAlone && stagesMixed) {
    lines.push(
      '',
      "### Where a search request's time goes (Server-Timing), alone and under the mix",
      '',
      ...stageTable([
        { connections: mixedConnections, times: stagesAlone, label: 'alone' },
        { connections: mixedConnections, times: stagesMixed, label: 'under the mix' },
      ]),
    );
  }
  return lines;
}

/**
 * The workload over HTTP at 1, 8 and 32 connections through HAProxy in front of `processCount` server processes on
 * the one database. Each process builds (or reuses) its own search index in .data/bench/cluster-<corpus>/p<n>.
 */
async function runBehindBalancer(
  url: string,
  load: string,
  log: readonly TLoggedQuery[],
  workload: TWorkload,
): Promise<string[]> {
  const started = performance.now();
  const cluster = await startCluster({
    processes: processCount!,
    databaseUrl: url,
    port: clusterPort,
    runDir: path.join(root, '.data', 'bench', `cluster-${corpus}`),
    env: { SEED_DATASETS: '0', LOG_LEVEL: 'warn', SANDBOX_CONNECTORS: 'false', SEARCH_RATE_LIMIT: '0' },
  });
  try {
    serverPids = cluster.processes.map((member) => member.pid ?? 0);
    process.stdout.write(
      `${processCount} processes ready behind HAProxy in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
    );
    const lines = [
      machineLine(),
      `Load average at the start (1, 5, 15 min): ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(', ')}`,
      `Catalogue: ${datasets.toLocaleString('en-US')} offers, ${corpus} corpus; load ${load}`,
      `Query log: ${log.length.toLocaleString('en-US')} distinct queries`,
      '',
      `### ${workload.name}: ${processCount} server process(es) behind HAProxy`,
      '',
      '| processes | connections | p50 ms | p95 ms | p99 ms | req/s | errors | server CPU ms/req | PostgreSQL CPU ms/req | PostgreSQL CPU ms/req beyond idle |',
      '|---|---|---|---|---|---|---|---|---|---|',
    ];
    await warmUp(cluster.url, workload, 300);
    // What PostgreSQL spends with no search at all (the processes' outbox polls, job queues, health checks), to
    // tell it from what the searches cost.
    const idleBefore = cpuNow().database;
    const idleStarted = performance.now();
    await new Promise((resolve) => setTimeout(resolve, duration * 1000));
    const idleMsPerSecond = (cpuNow().database - idleBefore) / ((performance.now() - idleStarted) / 1000);
    for (const connections of [1, 8, 32]) {
      const http = await runHttp(cluster.url, connections, workload);
      const searches = Math.max(1, http.rps * duration);
      const beyondIdle = (http.cpuPerRequest!.database * searches - idleMsPerSecond * duration) / searches;
      lines.push(progress(`${overallRow(String(processCount), connections, http)} ${beyondIdle.toFixed(1)} |`));
    }
    lines.push(`PostgreSQL CPU with no searches: ${idleMsPerSecond.toFixed(1)} ms per second`);
    lines.push(
      `Load average at the end (1, 5, 15 min): ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(', ')}`,
    );
    return lines;
  } finally {
    await cluster.stop();
  }
}

async function main(): Promise<void> {
  process.stdout.write(
    `Search benchmark: ${datasets.toLocaleString('en-US')} offers (${corpus} corpus), ${duration} s per run, mix ${mix}\n`,
  );
  // One database per corpus, so switching corpus never reloads the other.
  const database = await openBenchDatabase({
    name: corpus === 'demo' ? 'dsm_bench' : `dsm_bench_${corpus}`,
    folder: 'bench',
    databaseUrl: args['database-url'],
  });
  // What an interrupted mixed run harvested would make the catalogue another and have it loaded afresh (a new
  // database has no harvest tables yet: nothing to delete).
  await deleteHarvested(database.url).catch(() => 0);
  const load = await loadCatalogue(database.url, datasets, corpus);
  process.stdout.write(`Load: ${load}\n`);
  const handle = createDatabase({ url: database.url, maxConnections: 1, applicationName: 'dsm-bench-log' });
  const log = buildQueryLog({ offers: await sampleCatalogue(handle.pool, sampleSize), size: distinctQueries });
  await handle.close();
  const workloads: TWorkload[] = [];
  if (mix !== 'fixed') workloads.push(logWorkload(log));
  if (mix !== 'log') workloads.push(fixedWorkload);
  // One account drives every connection here: the benchmark measures search, not the per-user limit.
  const serverStarted = performance.now();
  if (processCount !== null) {
    try {
      const lines = await runBehindBalancer(database.url, load, log, workloads[0]!);
      process.stdout.write(`\n${lines.join('\n')}\n`);
    } finally {
      await database.stop();
    }
    return;
  }
  let server = await startServerProcess(database.url, serverEnv);
  serverPids = [server.child.pid ?? 0];
  const built = /Search index built: .*/.exec(server.output())?.[0];
  process.stdout.write(
    `Server ready in ${((performance.now() - serverStarted) / 1000).toFixed(0)} s; ${built ?? 'search index reused'}\n`,
  );
  try {
    const lines: string[] = [];
    lines.push(machineLine());
    lines.push(`Catalogue: ${datasets.toLocaleString('en-US')} offers, ${corpus} corpus; load ${load}`);
    lines.push(built ?? 'Search index: reused from an earlier run');
    if (churn > 0) lines.push(progress(await churnIndex(database.url, indexDir, churn)));
    lines.push(progress(await awaitIndexMerge(server, indexDir, mergeAfterChanges, settleSeconds + 600)));
    const classCounts = QUERY_CLASSES.map((c) => `${c} ${log.filter((q) => q.queryClass === c).length}`);
    lines.push(`Query log: ${log.length.toLocaleString('en-US')} distinct queries (${classCounts.join(', ')})`);
    const classTables: string[] = [];
    const stageTables: string[] = [];
    const keptTable = [...KEPT_TABLE_HEAD];
    let perQuery: string[] = [];
    if (args['first-minute']) {
      const workload = workloads[0]!;
      lines.push('', `### The first minute after a restart, 8 connections: ${workload.name}`, '');
      const measured = await runFirstMinute(server, database.url, workload);
      server = measured.server;
      lines.push(
        ...measured.lines,
        `Load average at the end: ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(', ')}`,
      );
      process.stdout.write(`\n${lines.join('\n')}\n`);
      return;
    }
    if (args.mixed) {
      const workload = workloads[0]!;
      await warmUp(server.baseUrl, workload, 300);
      lines.push('', `### Search alone and under the mix: ${workload.name}`, '');
      lines.push(...(await runMixed(server, database.url, workload)));
      process.stdout.write(`\n${lines.join('\n')}\n`);
      return;
    }
    for (const workload of workloads) {
      await warmUp(server.baseUrl, workload, workload === fixedWorkload ? FIXED_MIX.length * 2 : 300);
      if (workload === fixedWorkload) perQuery = await runPerQuery(server.baseUrl);
      lines.push('');
      lines.push(`### ${workload.name}`);
      lines.push('');
      lines.push(
        '| path | connections | p50 ms | p95 ms | p99 ms | req/s | errors | server CPU ms/req | PostgreSQL CPU ms/req |',
      );
      lines.push('|---|---|---|---|---|---|---|---|---|');
      const classLines = ['| path | connections | class | requests | p50 ms | p99 ms | req/s | errors |'];
      classLines.push('|---|---|---|---|---|---|---|---|');
      const sqlP50: Record<number, number> = {};
      const httpP50: Record<number, number> = {};
      for (const connections of [1, 8, 32]) {
        const service = await runService(database.url, connections, workload);
        sqlP50[connections] = service.p50;
        lines.push(progress(overallRow('service (no HTTP)', connections, service)));
        classLines.push(...classRows('service', connections, service, workload.labels));
        const keptBefore = await readKeptOffers(server);
        const http = await runHttp(server.baseUrl, connections, workload);
        keptTable.push(keptRow(`HTTP ${connections} conn`, keptBefore, await readKeptOffers(server)));
        httpP50[connections] = http.p50;
        lines.push(progress(overallRow('HTTP API', connections, http)));
        classLines.push(...classRows('HTTP', connections, http, workload.labels));
      }
      if (args.stages && workload !== fixedWorkload) {
        const runs = [];
        for (const connections of [1, 8]) {
          const keptBefore = await readKeptOffers(server);
          runs.push({ connections, times: await runStages(server.baseUrl, connections, workload) });
          keptTable.push(keptRow(`stages ${connections} conn`, keptBefore, await readKeptOffers(server)));
          process.stdout.write(`  stages measured at ${connections} connection(s)\n`);
        }
        stageTables.push(
          '',
          `### Where a request's time goes (Server-Timing): ${workload.name}`,
          '',
          'engine = the round trip to a search thread; engine-* = its stages inside the thread (engine-cached: an answer kept); token, parse (body and validation), filter, hydrate (offers read from PostgreSQL), entitle (access to them), present and json on the main thread. json is not timed for pages over 100 (written in slices after the header).',
          '',
          ...stageTable(runs),
        );
      }
      if (args['cold-run']) {
        server = await clearCaches(server, database.url);
        const keptBefore = await readKeptOffers(server);
        const cold = await runHttp(server.baseUrl, 8, workload);
        keptTable.push(keptRow('HTTP 8 conn, caches cleared', keptBefore, await readKeptOffers(server)));
        lines.push(progress(overallRow('HTTP API, caches cleared', 8, cold)));
        classLines.push(...classRows('HTTP, caches cleared', 8, cold, workload.labels));
      }
      lines.push('');
      lines.push(
        `API p50 / service p50: ${[1, 8, 32].map((c) => `${c} conn ${(httpP50[c]! / sqlP50[c]!).toFixed(2)}`).join(', ')}`,
      );
      if (workload !== fixedWorkload) classTables.push('', `### Per query class: ${workload.name}`, '', ...classLines);
    }
    const memory = memoryOf(server.child.pid!);
    lines.push(`Server memory after the runs: RSS ${memory.rssMb.toFixed(0)} MB, peak ${memory.peakMb.toFixed(0)} MB`);
    lines.push(...stageTables);
    if (keptTable.length > 2) {
      lines.push(
        '',
        "### A page's offers kept by the server or read from PostgreSQL (search_kept_offers_total), and searches answered from kept answers (search_kept_answers_total)",
        '',
      );
      lines.push(...keptTable);
    }
    lines.push(...classTables);
    if (perQuery.length > 0) {
      lines.push(
        '',
        '### Fixed mix, per query',
        '',
        '| query | text | total | p50 ms (1 conn, warm) |',
        '|---|---|---|---|',
      );
      lines.push(...perQuery);
    }
    process.stdout.write(`\n${lines.join('\n')}\n`);
    // Last and on its own: counting over a million offers takes minutes, and the tables above are printed.
    if (args['corpus-stats']) {
      const stats = corpusStats(log);
      process.stdout.write(`\n### Corpus\n\n${stats.join('\n')}\n`);
    }
  } finally {
    await server.stop();
    await database.stop();
  }
}

runBench(main);
