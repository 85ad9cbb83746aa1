import type { TInvoiceParty } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { createJobRunner } from '../../lib/job-queues';
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
  const billing = {
    db: options.db,
    commissionRate: options.commissionRate,
    ...(options.marketplace ? { marketplace: options.marketplace } : {}),
    log,
  };
  const queueOptions = { retryLimit: 3, retryDelay: 300, expireInSeconds: 3600 };
  const runner = createJobRunner({
    databaseUrl: options.databaseUrl,
    applicationName: 'dsm-billing',
    label: 'billing',
    isScheduling: true,
    stopTimeoutMs: 60_000,
    log: (message, error) => log(error instanceof Error ? `${message}: ${error.message}` : message),
    queues: [
      {
        name: RENEWAL_QUEUE,
        options: queueOptions,
        pollingIntervalSeconds: 2,
        async handle() {
          const renewed = await renewSubscriptions({ ...billing, now: now() });
          if (renewed.length > 0) log(`Renewed ${renewed.length} subscriptions`);
        },
      },
      {
        name: USAGE_INVOICING_QUEUE,
        options: queueOptions,
        pollingIntervalSeconds: 2,
        async handle() {
          const issued = await issueUsageInvoices({ ...billing, now: now() });
          if (issued.length > 0) log(`Issued ${issued.length} usage invoices`);
        },
      },
    ],
    async onStarted(boss) {
      await boss.schedule(RENEWAL_QUEUE, RENEWAL_CRON, {}, { tz: INVOICE_TIME_ZONE });
      await boss.schedule(USAGE_INVOICING_QUEUE, USAGE_INVOICING_CRON, {}, { tz: INVOICE_TIME_ZONE });
    },
  });

  return {
    start: () => runner.start(),
    async runNow(queue) {
      if (!runner.boss) throw new Error('The billing jobs are not running');
      return runner.boss.send(queue, {});
    },
    stop: () => runner.stop(),
  };
}
