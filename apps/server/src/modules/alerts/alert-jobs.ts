import type { TAlertRetention } from '../../config/config';
import type { TDb } from '../../db/database';
import { createJobRunner, type TJobQueue } from '../../lib/job-queues';
import type { ISearchIndex } from '../search/index/search-index';
import type { TAlertMailer } from './alert-mailer';
import { pruneAlerts } from './prune-alerts';
import { runAlertChecks } from './run-alert-checks';

/** Queue of alert runs; jobs carry no data. */
export const ALERT_QUEUE = 'alert-check';
/** Queue of prunings of old notifications and unsubscribe links; jobs carry no data. */
export const ALERT_PRUNE_QUEUE = 'alert-prune';

export type TCreateAlertJobsOptions = {
  /** The database the queue lives in (schema `pgboss`, shared with the link checker and harvests). */
  databaseUrl: string;
  db: TDb;
  searchIndex: ISearchIndex;
  mailer: TAlertMailer | null;
  publicUrl: string;
  /** Seconds between two runs (ALERT_CHECK_INTERVAL_SECONDS). */
  intervalSeconds: number;
  /** Seconds between two prunings (ALERT_PRUNE_INTERVAL_SECONDS). */
  pruneIntervalSeconds: number;
  /** What pruning keeps (ALERT_*_RETENTION_DAYS). */
  retention: TAlertRetention;
  /** The clock; tests pass a controlled one. */
  now?: () => Date;
  log?: (message: string, error?: unknown) => void;
};

export type TAlertJobs = {
  /** Installs the queues, starts the workers and the timers that queue a run and a pruning every interval. */
  start(): Promise<void>;
  /** Queues a run now (at most one waits at a time). */
  queue(): Promise<void>;
  /** Queues a pruning now (at most one waits at a time). */
  queuePruning(): Promise<void>;
  stop(): Promise<void>;
};

/** Queue settings of both alert queues: one job waits at most (stately), a failed one is tried twice more. */
const QUEUE_OPTIONS = {
  policy: 'stately',
  retryLimit: 2,
  retryDelay: 60,
  expireInSeconds: 600,
  deleteAfterSeconds: 3600,
} as const;

/**
 * The alert jobs on pg-boss: every interval each server queues a run (and, less often, a pruning) under one
 * singleton key, so however many servers share the database at most one of each waits; one worker per server
 * runs them. The runs themselves are safe to overlap (see runAlertChecks and pruneAlerts).
 */
export function createAlertJobs(options: TCreateAlertJobsOptions): TAlertJobs {
  const log = options.log ?? (() => {});
  const now = options.now ?? (() => new Date());
  const timers: NodeJS.Timeout[] = [];

  const queues: TJobQueue[] = [
    {
      name: ALERT_QUEUE,
      options: QUEUE_OPTIONS,
      pollingIntervalSeconds: Math.max(0.5, Math.min(options.intervalSeconds, 30)),
      async handle() {
        const counts = await runAlertChecks({
          db: options.db,
          searchIndex: options.searchIndex,
          now: now(),
          mailer: options.mailer,
          publicUrl: options.publicUrl,
          log,
        });
        if (counts.digests + counts.changes + counts.mails > 0) log(`alerts ${JSON.stringify(counts)}`);
      },
    },
    {
      name: ALERT_PRUNE_QUEUE,
      options: QUEUE_OPTIONS,
      pollingIntervalSeconds: Math.max(0.5, Math.min(options.pruneIntervalSeconds, 30)),
      async handle() {
        const counts = await pruneAlerts({ db: options.db, now: now(), retention: options.retention });
        if (counts.notifications + counts.unsubscribeLinks > 0) log(`alerts pruned ${JSON.stringify(counts)}`);
      },
    },
  ];

  const send = async (queue: string) => {
    await runner.boss?.send(queue, {}, { singletonKey: queue });
  };
  const every = (seconds: number, queue: string) => {
    const timer = setInterval(() => {
      send(queue).catch((error: unknown) => log(`queueing ${queue} failed`, error));
    }, seconds * 1000);
    timer.unref();
    timers.push(timer);
  };

  const runner = createJobRunner({
    databaseUrl: options.databaseUrl,
    applicationName: 'dsm-alerts',
    label: 'alert',
    queues,
    isScheduling: false,
    stopTimeoutMs: 10_000,
    log,
    async onStarted() {
      every(options.intervalSeconds, ALERT_QUEUE);
      every(options.pruneIntervalSeconds, ALERT_PRUNE_QUEUE);
      await send(ALERT_QUEUE);
      await send(ALERT_PRUNE_QUEUE);
    },
    onStopping() {
      for (const timer of timers.splice(0)) clearInterval(timer);
    },
  });

  return {
    start: runner.start,
    stop: runner.stop,
    queue: () => send(ALERT_QUEUE),
    queuePruning: () => send(ALERT_PRUNE_QUEUE),
  };
}
