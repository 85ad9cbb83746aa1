import type { TDb } from '../../db/database';
import { createJobRunner } from '../../lib/job-queues';
import { crawlEveryConnector } from './crawl-every-connector';

/** Queue of crawls of the whole data space; jobs carry no data. */
export const CRAWL_QUEUE = 'dataspace-crawl';

/** One crawl waits at most (stately); a failed sweep is tried once more after five minutes. */
const QUEUE_OPTIONS = {
  policy: 'stately',
  retryLimit: 1,
  retryDelay: 300,
  expireInSeconds: 6 * 3600,
  deleteAfterSeconds: 86_400,
} as const;

export type TCreateCrawlJobsOptions = {
  /** The database the queue lives in (schema `pgboss`, shared with the other job runners). */
  databaseUrl: string;
  /** The background jobs' database (TDatabaseHandle.backgroundDb). */
  db: TDb;
  /** Minutes between two crawls (CRAWL_INTERVAL_MINUTES); 0 queues none (the worker still runs queued ones). */
  intervalMinutes: number;
  /** Called after each crawl of the data space, for example to refresh cached filter values. */
  onCrawled?: () => void;
  log?: (message: string, error?: unknown) => void;
};

export type TCrawlJobs = {
  /**
   * Installs the queue, starts the worker and the timer that queues a crawl every interval: the first one interval
   * after the start, so that restarts do not crawl every participant again ('Crawl now' does at once).
   */
  start(): Promise<void>;
  /** Queues a crawl of every connector now (at most one waits at a time). */
  queue(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * The scheduled crawl of the data space on pg-boss: every interval each server queues a crawl under one singleton
 * key (policy stately), so however many servers share the database at most one crawl waits and one runs; it crawls
 * every registered connector in turn. Runs of one connector never overlap (crawl_runs allows one running row each).
 */
export function createCrawlJobs(options: TCreateCrawlJobsOptions): TCrawlJobs {
  const log = options.log ?? (() => {});
  let timer: NodeJS.Timeout | null = null;

  const send = async () => {
    await runner.boss?.send(CRAWL_QUEUE, {}, { singletonKey: CRAWL_QUEUE });
  };

  const runner = createJobRunner({
    databaseUrl: options.databaseUrl,
    applicationName: 'dsm-crawl',
    label: 'crawl',
    isScheduling: false,
    stopTimeoutMs: 30_000,
    log,
    queues: [
      {
        name: CRAWL_QUEUE,
        options: QUEUE_OPTIONS,
        pollingIntervalSeconds: 30,
        async handle() {
          const sweep = await crawlEveryConnector(options.db, (message) => log(message));
          options.onCrawled?.();
          log(`crawl of the data space ${JSON.stringify(sweep)}`);
        },
      },
    ],
    async onStarted() {
      if (options.intervalMinutes <= 0) return;
      timer = setInterval(() => {
        send().catch((error: unknown) => log('queueing a crawl failed', error));
      }, options.intervalMinutes * 60_000);
      timer.unref();
    },
    onStopping() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  });

  return { start: runner.start, stop: runner.stop, queue: send };
}
