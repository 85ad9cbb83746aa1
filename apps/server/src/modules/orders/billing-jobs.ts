import type { TInvoiceParty } from '@dsm/contracts';
import { PgBoss } from 'pg-boss';
import type { TDb } from '../../db/database';
import { INVOICE_TIME_ZONE } from './invoice-dates';
import { issueUsageInvoices } from './issue-usage-invoices';
import { renewSubscriptions } from './renew-subscriptions';

/** Queue of subscription renewals: every run renews all subscriptions whose paid period has ended. */
export const RENEWAL_QUEUE = 'subscription-renewals';
/** Queue of monthly usage invoicing: every run invoices last month's metered usage not yet invoiced. */
export const USAGE_INVOICING_QUEUE = 'usage-invoicing';

/** Every hour at 7 past: a renewal is at most an hour late. */
const RENEWAL_CRON = '7 * * * *';
/**
 * Every night at 02:30 German time. The first of the month bills the month before; the nights after
 * find it billed (one unique key per buyer, supplier and month) and bill only what failed before.
 */
const USAGE_INVOICING_CRON = '30 2 * * *';

export type TCreateBillingJobsOptions = {
  /** The database the queues live in (schema `pgboss`, shared with the link checker and harvests). */
  databaseUrl: string;
  db: TDb;
  /** The marketplace's commission as a fraction of each invoice's net amount. */
  commissionRate: number;
  /** The marketplace as issuer of the commission invoices on renewals and usage invoices. */
  marketplace?: TInvoiceParty;
  /** The clock the jobs bill by; tests pass a controlled one. */
  now?: () => Date;
  log?: (line: string) => void;
};

export type TBillingJobs = {
  /** Creates the queues and schedules, and starts the workers. */
  start(): Promise<void>;
  /** Queues one run of a job now (the schedules do so on their own); answers the job id. */
  runNow(queue: typeof RENEWAL_QUEUE | typeof USAGE_INVOICING_QUEUE): Promise<string | null>;
  /** Stops taking runs; a run under way finishes first. */
  stop(): Promise<void>;
};

/**
 * Recurring billing as pg-boss jobs in the catalogue's PostgreSQL: subscription renewals every hour
 * and the usage invoicing of the month before every night. Each queue runs one job at a time per
 * process; several processes may run them at once, since every renewal and usage invoice is billed
 * under a unique key inside its own transaction.
 */
export function createBillingJobs(options: TCreateBillingJobsOptions): TBillingJobs {
  const log = options.log ?? (() => {});
  const now = options.now ?? (() => new Date());
  let boss: PgBoss | null = null;

  const ensureQueue = async (instance: PgBoss, name: string) => {
    if (await instance.getQueue(name)) return;
    await instance
      .createQueue(name, { retryLimit: 3, retryDelay: 300, expireInSeconds: 3600 })
      .catch(async (error: unknown) => {
        // Another process created it in the meantime.
        if (!(await instance.getQueue(name))) throw error;
      });
  };

  return {
    async start() {
      if (boss) return;
      const instance = new PgBoss({
        connectionString: options.databaseUrl,
        schema: 'pgboss',
        max: 2,
        application_name: 'dsm-billing',
        registerInstance: false,
        persistWarnings: false,
      });
      instance.on('error', (error) => log(`billing queue error: ${error.message}`));
      await instance.start();
      boss = instance;
      try {
        await ensureQueue(instance, RENEWAL_QUEUE);
        await ensureQueue(instance, USAGE_INVOICING_QUEUE);
        await instance.work(RENEWAL_QUEUE, { localConcurrency: 1, pollingIntervalSeconds: 2 }, async () => {
          const renewed = await renewSubscriptions({
            db: options.db,
            now: now(),
            commissionRate: options.commissionRate,
            ...(options.marketplace ? { marketplace: options.marketplace } : {}),
            log,
          });
          if (renewed.length > 0) log(`Renewed ${renewed.length} subscriptions`);
        });
        await instance.work(USAGE_INVOICING_QUEUE, { localConcurrency: 1, pollingIntervalSeconds: 2 }, async () => {
          const issued = await issueUsageInvoices({
            db: options.db,
            now: now(),
            commissionRate: options.commissionRate,
            ...(options.marketplace ? { marketplace: options.marketplace } : {}),
            log,
          });
          if (issued.length > 0) log(`Issued ${issued.length} usage invoices`);
        });
        await instance.schedule(RENEWAL_QUEUE, RENEWAL_CRON, {}, { tz: INVOICE_TIME_ZONE });
        await instance.schedule(USAGE_INVOICING_QUEUE, USAGE_INVOICING_CRON, {}, { tz: INVOICE_TIME_ZONE });
      } catch (error) {
        boss = null;
        await instance.stop({ graceful: false, close: true }).catch(() => {});
        throw error;
      }
    },
    async runNow(queue) {
      if (!boss) throw new Error('The billing jobs are not running');
      return boss.send(queue, {});
    },
    async stop() {
      const instance = boss;
      if (!instance) return;
      boss = null;
      await instance.stop({ graceful: true, close: true, timeout: 60_000 });
    },
  };
}
