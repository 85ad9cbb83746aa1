import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { TDatabaseHandle } from '../db/database';
import { readJobQueueDepths } from './read-job-queue-depths';
import type { TTimedStage } from './server-timing';

/**
 * The server's metrics in the Prometheus text format, scraped from a listener of their own (METRICS_PORT,
 * lib/metrics-server.ts), never from the public port. docs/operations.md lists them with the queries and alerts
 * an operator sets on them.
 *
 * Two registries: the process's (its own counters and histograms, Node's default metrics) and one per app, whose
 * gauges read their sources (the pools, the search outbox, the job queues) when Prometheus scrapes. Every label
 * takes few values: routes are patterns, never URLs; stages, states and queues are the product's own names.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics of this app and its process, as a scrape reads them. */
    metrics: TMetrics;
  }
}

/** What a scrape of the metrics endpoint answers. */
export type TMetrics = {
  /** The `content-type` of `render`'s text. */
  contentType: string;
  /** Every metric, in the Prometheus text format; sources that cannot be read now are left out (see `metrics_source_up`). */
  render(): Promise<string>;
};

/** How far the search index is behind the catalogue's changes. */
export type TIndexLag = {
  /** Outbox rows not yet applied to the index. */
  waiting: number;
  /** Age in seconds of the oldest of them; 0 when none waits. */
  oldestAgeSeconds: number;
};

export type TRegisterMetricsOptions = {
  /** Reads the search index's lag behind the outbox (the search module knows its outbox). */
  readIndexLag: () => Promise<TIndexLag>;
};

const processRegistry = new Registry();

// Buckets around the 50 ms rule of the event loop and the second a user notices.
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const STAGE_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

/** A histogram of this process, in seconds, by the labels given. */
function processHistogram<TLabel extends string>(
  name: string,
  help: string,
  labelNames: readonly TLabel[],
  buckets: number[],
): Histogram<TLabel> {
  return new Histogram({ name, help, labelNames, buckets, registers: [processRegistry] });
}

/** A counter of this process's work, by the labels given. */
function processCounter<TLabel extends string>(
  name: string,
  help: string,
  labelNames: readonly TLabel[],
): Counter<TLabel> {
  return new Counter({ name, help, labelNames, registers: [processRegistry] });
}

const requestDuration = processHistogram(
  'http_request_duration_seconds',
  'Time from a request arriving to its answer being sent, by method, route pattern and status code.',
  ['method', 'route', 'status_code'],
  REQUEST_BUCKETS,
);
const searchStageDuration = processHistogram(
  'search_stage_duration_seconds',
  "Time of each stage of a catalogue search (the search answer's Server-Timing stages).",
  ['stage'],
  STAGE_BUCKETS,
);
const harvestRuns = processCounter('harvest_runs_total', 'Harvest runs finished, by status (succeeded, failed).', [
  'status',
]);
const harvestRecords = processCounter(
  'harvest_records_total',
  'Harvested records by result: written (created or updated) or failed.',
  ['result'],
);
const linkChecks = processCounter(
  'link_checks_total',
  'Endpoint checks done by the link checker, by the status found (online, offline).',
  ['status'],
);
const keptOffers = processCounter(
  'search_kept_offers_total',
  "Offers of search pages by where they came from: kept (from the process's memory), expired (kept past their " +
    'time, read again) or read (not kept: never read, forgotten after a change, or pushed out by newer ones).',
  ['result'],
);
const keptOffersDropped = processCounter(
  'search_kept_offers_dropped_total',
  'Kept offers pushed out to make room for newer ones (the number kept is bounded).',
  [],
);
const keptAnswers = processCounter(
  'search_kept_answers_total',
  'Searches by how the search threads were spared: kept (answered from the kept answers), shared (the same search ' +
    'was being answered) or asked (a search thread answered it; pages over 100 are never kept).',
  ['result'],
);
const jobRuns = processCounter(
  'job_runs_total',
  'Job batches a worker of this process ran, by queue and outcome (completed, failed).',
  ['queue', 'outcome'],
);

let lastUtilization = performance.eventLoopUtilization();
new Gauge({
  name: 'nodejs_eventloop_utilization',
  help: 'Share of the time since the previous scrape the event loop was busy (0 to 1).',
  registers: [processRegistry],
  collect() {
    const now = performance.eventLoopUtilization();
    this.set(performance.eventLoopUtilization(now, lastUtilization).utilization);
    lastUtilization = now;
  },
});

// Includes nodejs_eventloop_lag_seconds and its percentiles, measured every 10 ms.
collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });

/** Routes with no pattern (a 404 for an unknown path) share one label, so a scan of random URLs adds no series. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * Times every request of the app into `http_request_duration_seconds` and decorates the app with its `metrics`:
 * the process's metrics and the gauges read at scrape time from the app's pools, job queues and search outbox.
 */
export function registerMetrics(app: FastifyInstance, options: TRegisterMetricsOptions): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    requestDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.decorate('metrics', createAppMetrics(app.database, options));
}

function createAppMetrics(database: TDatabaseHandle, options: TRegisterMetricsOptions): TMetrics {
  const registry = new Registry();
  const sourceUp = new Gauge({
    name: 'metrics_source_up',
    help: 'Whether a source of the gauges could be read at this scrape (1) or not (0): index_lag, job_queues.',
    labelNames: ['source'] as const,
    registers: [registry],
  });
  /** Reads one source for a gauge; a failure leaves its values out and says so, instead of failing the scrape. */
  const readSource = async <T>(source: string, read: () => Promise<T>): Promise<T | null> => {
    try {
      const value = await read();
      sourceUp.set({ source }, 1);
      return value;
    } catch {
      sourceUp.set({ source }, 0);
      return null;
    }
  };

  const pools: [string, pg.Pool][] = [
    ['requests', database.pool],
    ['background', database.backgroundPool],
    ...database.readPools.map((pool, index): [string, pg.Pool] => [`read-${index + 1}`, pool]),
  ];
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of each PostgreSQL pool by state: total (open), idle, and waiting (callers queued for one).',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      for (const [name, pool] of pools) {
        this.set({ pool: name, state: 'total' }, pool.totalCount);
        this.set({ pool: name, state: 'idle' }, pool.idleCount);
        this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
      }
    },
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: 'The most connections each PostgreSQL pool opens.',
    labelNames: ['pool'] as const,
    registers: [registry],
    collect() {
      for (const [name, pool] of pools) this.set({ pool: name }, pool.options.max ?? 10);
    },
  });

  // A gauge without labels shows 0 even when never set, and 0 waiting would read as "the index is in step": the lag's
  // gauges sit in a registry of their own that a scrape leaves out when the outbox could not be read.
  const lagRegistry = new Registry();
  const outboxWaiting = new Gauge({
    name: 'search_outbox_waiting',
    help: 'Catalogue changes in search_outbox not yet applied to the search index.',
    registers: [lagRegistry],
  });
  const outboxOldestAge = new Gauge({
    name: 'search_outbox_oldest_age_seconds',
    help: 'Age in seconds of the oldest change waiting in search_outbox (0 when none waits).',
    registers: [lagRegistry],
  });
  const queueJobs = new Gauge({
    name: 'job_queue_jobs',
    help: 'Jobs of each pg-boss queue by state (queued, active, deferred, failed), as pg-boss last counted them.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
  });

  /** The gauges read from PostgreSQL, each read once per scrape, side by side; answers whether the lag was read. */
  const collectDatabaseGauges = async (): Promise<boolean> => {
    const [lag, queues] = await Promise.all([
      readSource('index_lag', options.readIndexLag),
      readSource('job_queues', () => readJobQueueDepths(database.db)),
    ]);
    if (lag) {
      outboxWaiting.set(lag.waiting);
      outboxOldestAge.set(lag.oldestAgeSeconds);
    }
    queueJobs.reset();
    for (const queue of queues ?? []) {
      queueJobs.set({ queue: queue.name, state: 'queued' }, queue.queued);
      queueJobs.set({ queue: queue.name, state: 'active' }, queue.active);
      queueJobs.set({ queue: queue.name, state: 'deferred' }, queue.deferred);
      queueJobs.set({ queue: queue.name, state: 'failed' }, queue.failed);
    }
    return lag !== null;
  };

  return {
    contentType: processRegistry.contentType,
    async render() {
      const isLagRead = await collectDatabaseGauges();
      const lag = isLagRead ? `\n${await lagRegistry.metrics()}` : '';
      return `${await processRegistry.metrics()}\n${await registry.metrics()}${lag}`;
    },
  };
}

/** Records the stages of one search answer into `search_stage_duration_seconds`. */
export function observeSearchStages(stages: readonly TTimedStage[]): void {
  for (const stage of stages) searchStageDuration.observe({ stage: stage.name }, stage.ms / 1000);
}

/** Counts a finished harvest run and the records it wrote and failed (of this attempt, not of a resumed one's). */
export function countHarvestRun(run: { status: 'succeeded' | 'failed'; written: number; failed: number }): void {
  harvestRuns.inc({ status: run.status });
  harvestRecords.inc({ result: 'written' }, Math.max(0, run.written));
  harvestRecords.inc({ result: 'failed' }, Math.max(0, run.failed));
}

/** Counts one endpoint check by the status it found. */
export function countLinkCheck(status: 'online' | 'offline'): void {
  linkChecks.inc({ status });
}

/** Counts where the offers of one search page came from, and the kept offers it pushed out. */
export function countKeptOffers(counts: { kept: number; expired: number; read: number; dropped: number }): void {
  if (counts.kept > 0) keptOffers.inc({ result: 'kept' }, counts.kept);
  if (counts.expired > 0) keptOffers.inc({ result: 'expired' }, counts.expired);
  if (counts.read > 0) keptOffers.inc({ result: 'read' }, counts.read);
  if (counts.dropped > 0) keptOffersDropped.inc(counts.dropped);
}

/** Counts one search by how it was answered: from the kept answers, with another's answer, or by a thread. */
export function countKeptAnswer(result: 'kept' | 'shared' | 'asked'): void {
  keptAnswers.inc({ result });
}

/** Counts a batch of jobs a worker ran, by its queue and whether it completed. */
export function countJobRun(queue: string, outcome: 'completed' | 'failed'): void {
  jobRuns.inc({ queue, outcome });
}
