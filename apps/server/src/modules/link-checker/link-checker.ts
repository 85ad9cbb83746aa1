import type { PgBoss } from 'pg-boss';
import type { TDb } from '../../db/database';
import { createPgBoss, ensureQueue } from '../../lib/job-queues';
import type { TCheckLinkOptions } from './check-link';
import { forgetIdleHosts } from './host-slots-repository';
import { createSharedHostThrottle } from './host-throttle';
import { claimDueChecks, requestChecksOfNotedOffers } from './link-check-repository';
import type { TLinkCheckQueue } from './request-link-checks';
import { runLinkCheck } from './run-link-check';

/** Queue of single checks: `{ distributionId }`. */
export const CHECK_QUEUE = 'link-check';
/** Queue of the periodic sweep that re-queues due checks. */
export const SWEEP_QUEUE = 'link-check-sweep';

/** Redirects followed per request; browsers allow 20, a data link needing more than 5 is broken. */
const MAX_REDIRECTS = 5;
/** Checks running at once in one process; most of their time is spent waiting on the network. */
const CONCURRENCY = 4;
/** A request that was queued but never finished is queued again after this long. */
const RETRY_MINUTES = 10;
/**
 * Priority of a check someone asked for by opening an offer: it is taken before the sweep's backlog (up to a
 * thousand checks, often of one host at one request a second), so the page's 'Pending...' turns within seconds.
 */
const ASKED_PRIORITY = 1;
/** Checks queued per sweep; the rest wait for the next one. */
const SWEEP_LIMIT = 1000;
/** Distributions an offer has, for sizing the offers a sweep takes; harvested offers have 3.4 on average. */
const DISTRIBUTIONS_PER_OFFER = 4;
/** Batches of noted offers one sweep takes at most (about 10,000 offers, a few seconds of work). */
const NOTED_ROUNDS = 40;

/** The link checker's settings, from the configuration. */
export type TLinkCheckSettings = {
  /** Hosts allowed to resolve to private addresses (LINK_CHECK_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
  /** Limit of one request in milliseconds (LINK_CHECK_TIMEOUT_MS). */
  timeoutMs: number;
  /** Least time between two requests to one host, in milliseconds (LINK_CHECK_HOST_INTERVAL_MS). */
  hostIntervalMs: number;
  /** Results older than this many hours are checked again (LINK_CHECK_RECHECK_HOURS). */
  recheckHours: number;
};

export type TCreateLinkCheckerOptions = {
  /** The database the queues live in (schema `pgboss`); the checker opens a small pool of its own. */
  databaseUrl: string;
  db: TDb;
  settings: TLinkCheckSettings;
  /** Sent as User-Agent, naming the marketplace. */
  userAgent?: string;
  /** Cron expression of the sweep; every 10 minutes by default; null runs no schedule (tests). */
  sweepCron?: string | null;
  /** Seconds between polls of the check queue. */
  pollingIntervalSeconds?: number;
  /**
   * False: checks are queued here and run by another process (ROLE=web): no worker, no sweep schedule fired, no
   * sweep at start. True by default.
   */
  isWorking?: boolean;
  log?: (message: string, error?: unknown) => void;
};

export type TLinkChecker = TLinkCheckQueue & {
  /** Installs the queues, starts the workers and the sweep schedule, and sweeps once. */
  start(): Promise<void>;
  /** Stops taking jobs, lets running checks finish (a few seconds at most) and closes the pool. */
  stop(): Promise<void>;
  /**
   * Queues every due check now, as the schedule does, and answers how many. Requests not finished
   * after `retryMinutes` (10 by default) count as lost and are queued again.
   */
  sweep(retryMinutes?: number): Promise<number>;
};

/**
 * The link checker: pg-boss queues in the catalogue's PostgreSQL. The details API queues a check
 * for each distribution never checked; a sweep every 10 minutes queues the distributions never
 * checked of offers noted for checks (harvested ones), then those whose result is older than the
 * recheck age. Checks refuse private addresses, follow few redirects and keep to a per-host rate over
 * every server process (`link_check_hosts`), so the marketplace cannot be used to probe networks or
 * flood a publisher.
 */
export function createLinkChecker(options: TCreateLinkCheckerOptions): TLinkChecker {
  const { db, settings } = options;
  const log = options.log ?? (() => {});
  const check: TCheckLinkOptions = {
    allowedHosts: settings.allowedHosts,
    timeoutMs: settings.timeoutMs,
    maxRedirects: MAX_REDIRECTS,
    throttle: createSharedHostThrottle({ db, intervalMs: settings.hostIntervalMs }),
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  };
  const sweepCron = options.sweepCron === undefined ? '*/10 * * * *' : options.sweepCron;
  const isWorking = options.isWorking ?? true;
  let boss: PgBoss | null = null;

  const queueChecks = async (distributionIds: readonly string[], priority: number): Promise<void> => {
    if (!boss || distributionIds.length === 0) return;
    await boss.insert(
      CHECK_QUEUE,
      distributionIds.map((distributionId) => ({ data: { distributionId }, priority })),
    );
  };
  const enqueue = (distributionIds: readonly string[]) => queueChecks(distributionIds, ASKED_PRIORITY);

  /**
   * Distributions of offers noted for checks (harvested ones) come first, as never-checked requests
   * do; they are taken up to 250 offers at a time so one sweep stays close to its limit, and at most
   * NOTED_ROUNDS times, so noted offers whose links were all checked already cannot make a sweep long.
   */
  const requestNotedChecks = async (): Promise<string[]> => {
    const recorded: string[] = [];
    for (let round = 0; round < NOTED_ROUNDS && recorded.length < SWEEP_LIMIT; round++) {
      const offers = Math.ceil((SWEEP_LIMIT - recorded.length) / DISTRIBUTIONS_PER_OFFER);
      const taken = await requestChecksOfNotedOffers(db, offers);
      recorded.push(...taken.recorded);
      if (taken.offers < offers) break;
    }
    return recorded;
  };

  const sweep = async (retryMinutes = RETRY_MINUTES): Promise<number> => {
    const noted = await requestNotedChecks();
    const due = await claimDueChecks(db, {
      recheckHours: settings.recheckHours,
      retryMinutes,
      limit: SWEEP_LIMIT - noted.length,
      except: noted,
    });
    await queueChecks([...noted, ...due], 0);
    await forgetIdleHosts(db);
    return noted.length + due.length;
  };

  return {
    enqueue,
    sweep,
    async start() {
      if (boss) return;
      const instance = createPgBoss({
        databaseUrl: options.databaseUrl,
        maxConnections: 3,
        applicationName: 'dsm-link-checker',
        isScheduling: sweepCron !== null && isWorking,
        log: (error) => log('link checker queue error', error),
      });
      await instance.start();
      boss = instance;
      try {
        // A check that hangs is abandoned after two minutes; it fails once more and is given up.
        await ensureQueue(instance, CHECK_QUEUE, { retryLimit: 1, expireInSeconds: 120, deleteAfterSeconds: 3600 });
        await ensureQueue(instance, SWEEP_QUEUE, { retryLimit: 0, expireInSeconds: 300, deleteAfterSeconds: 3600 });
        if (!isWorking) return;
        await instance.work<{ distributionId: string }>(
          CHECK_QUEUE,
          {
            localConcurrency: CONCURRENCY,
            batchSize: 1,
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
          },
          async (jobs) => {
            for (const job of jobs) {
              await runLinkCheck({ db, distributionId: job.data.distributionId, check });
            }
          },
        );
        await instance.work(SWEEP_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
          await sweep();
        });
        if (sweepCron !== null) await instance.schedule(SWEEP_QUEUE, sweepCron);
        // Requests recorded while no checker ran (or lost in a crash) need not wait for the first tick.
        await sweep(0);
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
      await instance.stop({ graceful: true, close: true, timeout: settings.timeoutMs * 2 + 1000 });
    },
  };
}
