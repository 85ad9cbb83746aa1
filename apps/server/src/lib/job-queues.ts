import { type Job, PgBoss, type QueueOptions } from 'pg-boss';
import { countJobRun } from './metrics';

/** One queue a job runner installs and works on. */
export type TJobQueue = {
  /** The queue's name in the `pgboss` schema. */
  name: string;
  /** Retry, expiry and policy of the queue, used when this process is the first to create it. */
  options: QueueOptions;
  /** How often the worker looks for jobs, in seconds. */
  pollingIntervalSeconds: number;
  /** Jobs of the queue this process runs at once; one by default. */
  concurrency?: number;
  /**
   * Runs the jobs fetched at once (one at a time); a throw fails them, so pg-boss retries them later. What it
   * answers for a single job is kept as the job's output, for whoever queued it and waits (`getJobById`).
   */
  handle(jobs: Job<Record<string, unknown>>[]): Promise<unknown>;
};

export type TCreateJobRunnerOptions = {
  /** The database the queues live in (schema `pgboss`, shared by every job runner of the product). */
  databaseUrl: string;
  /** How the runner's connections show in pg_stat_activity. */
  applicationName: string;
  /** What the queues do, for the log ('alert', 'harvest'). */
  label: string;
  queues: readonly TJobQueue[];
  /** True: this instance runs pg-boss's cron schedules (`boss.schedule`); false where a timer queues the jobs. */
  isScheduling: boolean;
  /**
   * False: the instance only queues jobs and edits schedules for others to run (a ROLE=web process): no worker,
   * no cron schedules fired, no `onStarted`. True by default.
   */
  isWorking?: boolean;
  /** How long `stop` waits for a job in progress, in milliseconds. */
  stopTimeoutMs: number;
  /** Called once the queues are worked on, with the running instance (schedules, first jobs, timers). */
  onStarted?: (boss: PgBoss) => Promise<void>;
  /** Called when the runner stops, before pg-boss does (timers). */
  onStopping?: () => void;
  log: (message: string, error?: unknown) => void;
};

/** A pg-boss instance of one module: its queues and their workers. */
export type TJobRunner = {
  /** The running instance, or null before `start` and after `stop`. */
  readonly boss: PgBoss | null;
  /** Starts pg-boss, creates the queues that do not exist yet, starts one worker per queue; idempotent. */
  start(): Promise<void>;
  /** Stops taking jobs and closes the pool; a job in progress gets `stopTimeoutMs`. */
  stop(): Promise<void>;
};

/**
 * A pg-boss instance, not started yet, in the `pgboss` schema every job runner of the product shares, with a pool
 * of its own; its errors go to `log`.
 */
export function createPgBoss(options: {
  databaseUrl: string;
  maxConnections: number;
  /** How its connections show in pg_stat_activity. */
  applicationName: string;
  /** True: it runs pg-boss's cron schedules (`boss.schedule`). */
  isScheduling: boolean;
  log: (error: Error) => void;
}): PgBoss {
  const instance = new PgBoss({
    connectionString: options.databaseUrl,
    schema: 'pgboss',
    max: options.maxConnections,
    application_name: options.applicationName,
    schedule: options.isScheduling,
    registerInstance: false,
    persistWarnings: false,
  });
  instance.on('error', options.log);
  return instance;
}

/** Creates a queue unless it exists; another process creating it at the same time is no error. */
export async function ensureQueue(instance: PgBoss, name: string, queueOptions: QueueOptions): Promise<void> {
  if (await instance.getQueue(name)) return;
  await instance.createQueue(name, queueOptions).catch(async (error: unknown) => {
    // Another process created it in the meantime.
    if (!(await instance.getQueue(name))) throw error;
  });
}

/**
 * A small pg-boss instance of its own (a pool of two connections) in the shared `pgboss` schema, so each
 * module's queues start, stop and fail apart. Several processes may start at once: a queue another one created
 * in the meantime is no error. A start that fails stops the instance again, so it can be retried.
 */
export function createJobRunner(options: TCreateJobRunnerOptions): TJobRunner {
  let boss: PgBoss | null = null;
  const isWorking = options.isWorking ?? true;
  return {
    get boss() {
      return boss;
    },
    async start() {
      if (boss) return;
      const instance = createPgBoss({
        databaseUrl: options.databaseUrl,
        maxConnections: 2,
        applicationName: options.applicationName,
        isScheduling: options.isScheduling && isWorking,
        log: (error) => options.log(`${options.label} queue error`, error),
      });
      await instance.start();
      boss = instance;
      try {
        for (const queue of options.queues) await ensureQueue(instance, queue.name, queue.options);
        for (const queue of isWorking ? options.queues : []) {
          await instance.work<Record<string, unknown>>(
            queue.name,
            { localConcurrency: queue.concurrency ?? 1, pollingIntervalSeconds: queue.pollingIntervalSeconds },
            (jobs) =>
              queue.handle(jobs).then(
                (output) => {
                  countJobRun(queue.name, 'completed');
                  return output;
                },
                (error: unknown) => {
                  countJobRun(queue.name, 'failed');
                  throw error;
                },
              ),
          );
        }
        if (isWorking) await options.onStarted?.(instance);
      } catch (error) {
        boss = null;
        options.onStopping?.();
        await instance.stop({ graceful: false, close: true }).catch(() => {});
        throw error;
      }
    },
    async stop() {
      options.onStopping?.();
      const instance = boss;
      if (!instance) return;
      boss = null;
      await instance.stop({ graceful: true, close: true, timeout: options.stopTimeoutMs });
    },
  };
}
