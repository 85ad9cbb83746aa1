import { ErrorCode } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { createJobRunner } from '../../lib/job-queues';
import type { THarvestPace } from './harvest-pace';
import { findSources } from './harvest-repository';
import { runHarvest, type THarvestLogEvent, UnknownSourceError } from './run-harvest';
import { type THarvestNowOutcome, waitForHarvestRun } from './wait-for-harvest-run';

/** Queue of harvest runs: `{ sourceId }`. */
export const HARVEST_QUEUE = 'harvest-run';

/**
 * Queue of the runs an operator asked for ('Harvest now'): `{ sourceId }`. Apart from the schedules' queue so that a
 * worker looks for them every second, not every 30, and never retries one: the operator waits for its answer.
 */
export const HARVEST_NOW_QUEUE = 'harvest-now';

/** Runs asked for that one worker process runs side by side. */
const HARVEST_NOW_CONCURRENCY = 4;

/** A worker that stops answering (killed with its run) has its job failed after this long, so nobody waits for ever. */
const HARVEST_NOW_HEARTBEAT_SECONDS = 30;

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
  /**
   * Queues a run of the source for a worker (ROLE=worker or all, this process or another) and answers it once
   * finished, so that a ROLE=web process never harvests.
   */
  runNow(sourceId: string): Promise<THarvestNowOutcome>;
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
      {
        name: HARVEST_NOW_QUEUE,
        options: { retryLimit: 0, expireInSeconds: 6 * 3600, heartbeatSeconds: HARVEST_NOW_HEARTBEAT_SECONDS },
        pollingIntervalSeconds: 1,
        // Operators may run several sources at once, as when the request ran them itself.
        concurrency: HARVEST_NOW_CONCURRENCY,
        async handle(jobs): Promise<THarvestNowOutcome> {
          let outcome: THarvestNowOutcome = { kind: 'unknown-source', message: 'No job' };
          for (const job of jobs) {
            const sourceId = String(job.data.sourceId);
            try {
              const run = await runHarvest({
                db: options.db,
                source: sourceId,
                ...(options.pace ? { pace: options.pace } : {}),
              });
              log(`harvest ${sourceId} (asked for) ${run.status}`, run.counts);
              // A failed run is an answer for the operator, not a job to retry: the next run resumes it.
              outcome = {
                kind: 'run',
                run: { runId: run.runId, status: run.status, counts: run.counts, error: run.error },
              };
            } catch (error) {
              // Removed since it was queued.
              if (!(error instanceof UnknownSourceError)) throw error;
              outcome = { kind: 'unknown-source', message: error.message };
            }
          }
          return outcome;
        },
      },
    ],
    onStarted: sync,
  });

  const runNow = async (sourceId: string): Promise<THarvestNowOutcome> => {
    const instance = runner.boss;
    if (!instance)
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'The harvest queue is not running; try again soon');
    const jobId = await instance.send(
      HARVEST_NOW_QUEUE,
      { sourceId },
      { retryLimit: 0, heartbeatSeconds: HARVEST_NOW_HEARTBEAT_SECONDS },
    );
    if (!jobId) throw new Error('The harvest run could not be queued');
    return waitForHarvestRun({ boss: instance, queue: HARVEST_NOW_QUEUE, jobId });
  };

  return { sync, runNow, start: runner.start, stop: runner.stop };
}
