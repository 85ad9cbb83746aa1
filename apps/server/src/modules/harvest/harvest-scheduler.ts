import type { TDb } from '../../db/database';
import { createJobRunner } from '../../lib/job-queues';
import type { THarvestPace } from './harvest-pace';
import { findSources } from './harvest-repository';
import { runHarvest, type THarvestLogEvent } from './run-harvest';

/** Queue of harvest runs: `{ sourceId }`. */
export const HARVEST_QUEUE = 'harvest-run';

export type TCreateHarvestSchedulerOptions = {
  /** The database the queue lives in (schema `pgboss`, shared with the link checker). */
  databaseUrl: string;
  /** The background jobs' database (TDatabaseHandle.backgroundDb). */
  db: TDb;
  /** How fast runs write; full speed by default. */
  pace?: THarvestPace;
  /** False: runs are queued and schedules edited here, and run by another process (ROLE=web). True by default. */
  isWorking?: boolean;
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
 * and one worker that runs one harvest at a time, on a job runner of its own (lib/job-queues).
 */
export function createHarvestScheduler(options: TCreateHarvestSchedulerOptions): THarvestScheduler {
  const log = options.log ?? (() => {});

  const sync = async () => {
    const instance = runner.boss;
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

  const runner = createJobRunner({
    databaseUrl: options.databaseUrl,
    applicationName: 'dsm-harvest',
    label: 'harvest',
    isScheduling: true,
    isWorking: options.isWorking ?? true,
    stopTimeoutMs: 60_000,
    log,
    queues: [
      {
        name: HARVEST_QUEUE,
        options: { retryLimit: 2, retryDelay: 300, expireInSeconds: 6 * 3600 },
        pollingIntervalSeconds: 30,
        async handle(jobs) {
          for (const job of jobs) {
            const sourceId = String(job.data.sourceId);
            const run = await runHarvest({
              db: options.db,
              source: sourceId,
              ...(options.pace ? { pace: options.pace } : {}),
              onEvent: (event: THarvestLogEvent) => {
                if (event.event !== 'progress') log(`harvest ${sourceId}`, event);
              },
            });
            log(`harvest ${sourceId} ${run.status}`, run.counts);
            // A failed run throws so pg-boss retries it later; the retry resumes where it stopped.
            if (run.status === 'failed') throw new Error(run.error ?? 'harvest failed');
          }
        },
      },
    ],
    onStarted: sync,
  });

  return { sync, start: runner.start, stop: runner.stop };
}
