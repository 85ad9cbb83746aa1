import { PgBoss } from 'pg-boss';
import type { TDb } from '../../db/database';
import { findSources } from './harvest-repository';
import { runHarvest, type THarvestLogEvent } from './run-harvest';

/** Queue of harvest runs: `{ sourceId }`. */
export const HARVEST_QUEUE = 'harvest-run';

export type TCreateHarvestSchedulerOptions = {
  /** The database the queue lives in (schema `pgboss`, shared with the link checker). */
  databaseUrl: string;
  db: TDb;
  log?: (message: string, details?: unknown) => void;
};

export type THarvestScheduler = {
  /** Installs the queue, starts the worker and schedules every source that has a schedule. */
  start(): Promise<void>;
  /** Makes the pg-boss schedules match the sources' schedules (after a source is added or removed). */
  sync(): Promise<void>;
  /** Stops taking runs; a run in progress gets a minute to reach its next batch, then resumes later. */
  stop(): Promise<void>;
};

/**
 * Scheduled harvests: one pg-boss schedule per source with a cron expression, keyed by the source id,
 * and one worker that runs one harvest at a time. The link checker keeps its own pg-boss instance
 * private, so this one opens a small pool of its own in the same `pgboss` schema.
 */
export function createHarvestScheduler(options: TCreateHarvestSchedulerOptions): THarvestScheduler {
  const log = options.log ?? (() => {});
  let boss: PgBoss | null = null;

  const sync = async () => {
    const instance = boss;
    if (!instance) return;
    const sources = await findSources(options.db);
    const wanted = new Map(sources.filter((source) => source.schedule).map((source) => [source.id, source.schedule!]));
    for (const schedule of await instance.getSchedules(HARVEST_QUEUE)) {
      if (!wanted.has(schedule.key)) await instance.unschedule(HARVEST_QUEUE, schedule.key);
    }
    for (const [sourceId, cron] of wanted) {
      await instance.schedule(HARVEST_QUEUE, cron, { sourceId }, { key: sourceId });
    }
  };

  return {
    sync,
    async start() {
      if (boss) return;
      const instance = new PgBoss({
        connectionString: options.databaseUrl,
        schema: 'pgboss',
        max: 2,
        application_name: 'dsm-harvest',
        registerInstance: false,
        persistWarnings: false,
      });
      instance.on('error', (error) => log('harvest queue error', error));
      await instance.start();
      boss = instance;
      try {
        if (!(await instance.getQueue(HARVEST_QUEUE))) {
          await instance
            .createQueue(HARVEST_QUEUE, { retryLimit: 2, retryDelay: 300, expireInSeconds: 6 * 3600 })
            .catch(async (error: unknown) => {
              // Another process created it in the meantime.
              if (!(await instance.getQueue(HARVEST_QUEUE))) throw error;
            });
        }
        await instance.work<{ sourceId: string }>(
          HARVEST_QUEUE,
          { localConcurrency: 1, pollingIntervalSeconds: 30 },
          async (jobs) => {
            for (const job of jobs) {
              const run = await runHarvest({
                db: options.db,
                source: job.data.sourceId,
                onEvent: (event: THarvestLogEvent) => {
                  if (event.event !== 'progress') log(`harvest ${job.data.sourceId}`, event);
                },
              });
              log(`harvest ${job.data.sourceId} ${run.status}`, run.counts);
              // A failed run throws so pg-boss retries it later; the retry resumes where it stopped.
              if (run.status === 'failed') throw new Error(run.error ?? 'harvest failed');
            }
          },
        );
        await sync();
      } catch (error) {
        boss = null;
        await instance.stop({ graceful: false, close: true }).catch(() => {});
        throw error;
      }
    },
    async stop() {
      const instance = boss;
      if (!instance) return;
      boss = null;
      await instance.stop({ graceful: true, close: true, timeout: 60_000 });
    },
  };
}
