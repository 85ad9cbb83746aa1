import { PgBoss } from 'pg-boss';
import type { TDb } from '../../db/database';
import type { ISearchIndex } from '../search-index/search-index';
import type { TAlertMailer } from './alert-mailer';
import { runAlertChecks } from './run-alert-checks';

/** Queue of alert runs; jobs carry no data. */
export const ALERT_QUEUE = 'alert-check';

export type TCreateAlertJobsOptions = {
  /** The database the queue lives in (schema `pgboss`, shared with the link checker and harvests). */
  databaseUrl: string;
  db: TDb;
  searchIndex: ISearchIndex;
  mailer: TAlertMailer | null;
  publicUrl: string;
  /** Seconds between two runs (ALERT_CHECK_INTERVAL_SECONDS). */
  intervalSeconds: number;
  /** The clock; tests pass a controlled one. */
  now?: () => Date;
  log?: (message: string, error?: unknown) => void;
};

export type TAlertJobs = {
  /** Installs the queue, starts the worker and the timer that queues a run every interval. */
  start(): Promise<void>;
  /** Queues a run now (at most one waits at a time). */
  queue(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * The alert job on pg-boss: every interval each server queues a run under one singleton key, so however
 * many servers share the database at most one run waits; one worker per server runs them. The runs
 * themselves are safe to overlap (see runAlertChecks).
 */
export function createAlertJobs(options: TCreateAlertJobsOptions): TAlertJobs {
  const log = options.log ?? (() => {});
  const now = options.now ?? (() => new Date());
  let boss: PgBoss | null = null;
  let timer: NodeJS.Timeout | null = null;

  const queue = async () => {
    await boss?.send(ALERT_QUEUE, {}, { singletonKey: 'alert-check' });
  };

  return {
    queue,
    async start() {
      if (boss) return;
      const instance = new PgBoss({
        connectionString: options.databaseUrl,
        schema: 'pgboss',
        max: 2,
        application_name: 'dsm-alerts',
        schedule: false,
        registerInstance: false,
        persistWarnings: false,
      });
      instance.on('error', (error) => log('alert queue error', error));
      await instance.start();
      boss = instance;
      try {
        if (!(await instance.getQueue(ALERT_QUEUE))) {
          await instance
            .createQueue(ALERT_QUEUE, {
              policy: 'stately',
              retryLimit: 2,
              retryDelay: 60,
              expireInSeconds: 600,
              deleteAfterSeconds: 3600,
            })
            .catch(async (error: unknown) => {
              // Another process created it in the meantime.
              if (!(await instance.getQueue(ALERT_QUEUE))) throw error;
            });
        }
        await instance.work(
          ALERT_QUEUE,
          { localConcurrency: 1, pollingIntervalSeconds: Math.max(0.5, Math.min(options.intervalSeconds, 30)) },
          async () => {
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
        );
        timer = setInterval(() => {
          queue().catch((error: unknown) => log('queueing the alert check failed', error));
        }, options.intervalSeconds * 1000);
        timer.unref();
        await queue();
      } catch (error) {
        boss = null;
        await instance.stop({ graceful: false, close: true }).catch(() => {});
        throw error;
      }
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      const instance = boss;
      if (!instance) return;
      boss = null;
      await instance.stop({ graceful: true, close: true, timeout: 10_000 });
    },
  };
}
