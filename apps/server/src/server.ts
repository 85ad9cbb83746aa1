import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from './app';
import type { TConfig } from './config/config';
import { createDatabase, migrateToLatest, type TDatabaseHandle } from './db/database';
import { startEmbeddedPostgres, type TEmbeddedPostgres, type TEmbeddedPostgresEvent } from './db/embedded-postgres';
import { prepareApiDocument } from './lib/api-document';
import { describeError } from './lib/describe-error';
import { createInteractiveLoad } from './lib/interactive-load';
import { startMetricsServer, type TMetricsServer } from './lib/metrics-server';
import { createAlertJobs, type TAlertJobs } from './modules/alerts/alert-jobs';
import { createAlertMailer } from './modules/alerts/alert-mailer';
import type { TOfferRecord } from './modules/catalogue/offer-record';
import { seedCatalogue } from './modules/catalogue/seed-catalogue';
import { startSandboxConnectors, type TSandboxConnectors } from './modules/connectors/start-sandbox-connectors';
import { createCrawlJobs, type TCrawlJobs } from './modules/dataspace-crawl/crawl-jobs';
import { assignDemoBuyerConnector } from './modules/deliveries/assign-demo-buyer-connector';
import { DEMO_FILE_LIST } from './modules/demo-data/ensure-demo-files';
import { DEMO_DATA_PATH, pointOfferAtDemoFiles } from './modules/demo-data/point-offer-at-demo-files';
import { prepareDemoFiles } from './modules/demo-data/prepare-demo-files';
import { prepareDemoHarvestSource } from './modules/demo-data/prepare-demo-harvest-source';
import { recordDemoFileSizes } from './modules/demo-data/record-demo-file-sizes';
import { repointDemoEndpoints } from './modules/demo-data/repoint-demo-endpoints';
import { yieldingTo } from './modules/harvest/harvest-pace';
import { createHarvestScheduler, type THarvestScheduler } from './modules/harvest/harvest-scheduler';
import { operatorRoleOf } from './modules/harvest/operator-policy';
import { superviseJobQueues, type TJobQueueSupervision } from './modules/health/supervise-job-queues';
import { createLinkChecker, type TLinkChecker } from './modules/link-checker/link-checker';
import { requestOfferChecks } from './modules/link-checker/request-link-checks';
import { createBillingJobs, type TBillingJobs } from './modules/orders/billing-jobs';
import { seedDemoSupplier } from './modules/orders/seed-demo-supplier';
import { startOrderJobs, type TOrderJobs } from './modules/orders/start-order-jobs';
import { seedDemoOrganisations } from './modules/organisations/seed-demo-organisations';
import { invalidateFilterValues } from './modules/search/http/get-filter-values';
import { JUDGED_OFFERS, SqliteSearchIndex } from './modules/search/search';
import { describeDemoUsers } from './modules/users/demo-users';
import { seedDemoUsers } from './modules/users/seed-demo-users';

export const EMBEDDED_DATABASE = 'dsm';

/** Seeded demo offers whose endpoints are checked right after the first start (a sweep's worth). */
export const FEATURED_DEMO_OFFERS = 200;

/**
 * How long a stop drains (the listener open, requests in flight finishing) before it cuts the
 * connections still running, and how long it then waits for the job runners (a harvest or link
 * check cut short is retried later). With the pools and PostgreSQL this keeps a SIGTERM under the
 * 10 s most orchestrators allow. The listener closes earlier, once no request is in flight and no
 * connection has been accepted for `quietMs`: every connection that reached it by then is answered.
 */
export const SHUTDOWN_LIMITS = { drainMs: 6_000, quietMs: 250, jobsMs: 2_000, databaseMs: 1_000 } as const;

/**
 * Waits for `work`, at most `ms`; answers false when it was still running. A failure counts as
 * settled: a stop goes on with its next step whatever the previous one met (a database that is away).
 */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export type TRunningServer = {
  app: FastifyInstance;
  url: string;
  database: TDatabaseHandle;
  /** The demo connectors' URLs by id, when SANDBOX_CONNECTORS is on; empty otherwise. */
  sandboxConnectorUrls: Record<string, string>;
  /** Drains requests, stops the sandbox connectors, closes the pools and stops the embedded PostgreSQL. */
  stop(): Promise<void>;
};

export type TStartServerOptions = {
  config: TConfig;
  /** Where progress lines go. */
  log?: (line: string) => void;
  webDistDir?: string;
};

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

/**
 * Opens the embedded database in DATA_DIR/postgres (creating it on first use), or returns null for
 * DATABASE_URL. `onEvent` makes it supervised: started again whenever it exits (the server's mode).
 */
export async function openEmbeddedDatabase(
  config: TConfig,
  log: (line: string) => void,
  onEvent?: (event: TEmbeddedPostgresEvent) => void,
): Promise<{ embedded: TEmbeddedPostgres; url: string } | null> {
  if (config.databaseUrl) return null;
  const dataDir = path.join(config.dataDir, 'postgres');
  log(`Starting embedded PostgreSQL in ${dataDir}`);
  const embedded = await startEmbeddedPostgres({
    dataDir,
    port: 0,
    ...(onEvent ? { isSupervised: true, onEvent } : {}),
  });
  await ensureDatabase(embedded.adminUrl, EMBEDDED_DATABASE);
  return { embedded, url: embedded.urlFor(EMBEDDED_DATABASE) };
}

/** Starts the whole product: database, migrations, demo seed, sandbox connectors, HTTP. */
export async function startServer(options: TStartServerOptions): Promise<TRunningServer> {
  const { config } = options;
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  // Set once the pools exist; the embedded PostgreSQL starts before them.
  let watched: TDatabaseHandle | null = null;
  let jobQueues: TJobQueueSupervision | null = null;
  // Written on a thread of their own while PostgreSQL starts, migrates and seeds.
  const demoFiles = config.hasDemoData ? prepareDemoFiles({ dataDir: config.dataDir, log }) : null;
  const opened = await openEmbeddedDatabase(config, log, (event) => {
    if (event.type === 'exited') {
      log(`Embedded PostgreSQL exited (${event.signal ?? `code ${event.code}`}); starting it again`);
      void watched?.availability.probe();
    } else if (event.type === 'restarted') {
      log('Embedded PostgreSQL runs again');
      void watched?.availability.probe();
    } else {
      log(
        `Embedded PostgreSQL did not start again (${describeError(event.error)}); next attempt in ${event.retryInMs} ms`,
      );
    }
  });
  const databaseUrl = opened?.url ?? config.databaseUrl!;
  let outageStartedAt = 0;
  const database = createDatabase({
    url: databaseUrl,
    readUrls: config.databaseReadUrls,
    heartbeatMs: config.databaseHeartbeatMs,
    backgroundConnections: config.databaseBackgroundConnections,
    onAvailabilityChange: (isAvailable, error) => {
      if (!isAvailable) {
        outageStartedAt = Date.now();
        log(`PostgreSQL cannot be reached (${describeError(error)}); requests get 503 until it answers again`);
      } else {
        log(`PostgreSQL answers again after ${((Date.now() - outageStartedAt) / 1000).toFixed(1)} s; serving`);
      }
      jobQueues?.onAvailabilityChange(isAvailable);
    },
  });
  watched = database;
  // The users' requests, which the scheduled harvests give way to as the ones started by a request do.
  const interactiveLoad = createInteractiveLoad({ pool: database.pool });
  const { availability } = database;
  /** A queue's failure is logged with its message and code, and may be the first sign of an outage. */
  const logQueueError = (message: string, error: unknown) => {
    availability.report(error);
    log(`${message}: ${describeError(error)}`);
  };
  let linkChecker: TLinkChecker | null = null;
  let sandboxes: TSandboxConnectors | null = null;
  let orderJobs: TOrderJobs | null = null;
  let harvests: THarvestScheduler | null = null;
  let billing: TBillingJobs | null = null;
  let alertJobs: TAlertJobs | null = null;
  let crawlJobs: TCrawlJobs | null = null;
  let searchIndex: SqliteSearchIndex | null = null;
  let metricsServer: TMetricsServer | null = null;
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) log(`Applied migrations: ${applied.join(', ')}`);
    const featuredDemoOffers: string[] = [];
    if (config.seedDatasets > 0) {
      let lastShown = 0;
      const seeded = await seedCatalogue({
        db: database.db,
        pool: database.pool,
        datasets: config.seedDatasets,
        firstOffers: JUDGED_OFFERS,
        ...(config.hasDemoData
          ? {
              adaptOffer: (offer: TOfferRecord) => {
                if (featuredDemoOffers.length < FEATURED_DEMO_OFFERS) featuredDemoOffers.push(offer.id);
                return pointOfferAtDemoFiles(offer, DEMO_FILE_LIST, config.publicUrl);
              },
            }
          : {}),
        onProgress: (loaded) => {
          if (loaded - lastShown >= Math.max(1000, config.seedDatasets / 10) || loaded === config.seedDatasets) {
            lastShown = loaded;
            log(`Seeding the demo catalogue: ${loaded} / ${config.seedDatasets} offers`);
          }
        },
      });
      if (seeded.offers > 0) log(`Seeded ${seeded.offers} demo offers`);
      // The first offers are checked as soon as the link checker runs, so "Working endpoints only" finds some at
      // once; the others when someone opens them. A catalogue seeded before is left as its checks are.
      if (seeded.offers > 0 && config.hasDemoData) await requestOfferChecks(database.db, featuredDemoOffers);
    }
    if (config.hasDemoData) {
      const moved = await repointDemoEndpoints(database.db, config.publicUrl);
      if (moved > 0) log(`Pointed ${moved} demo endpoints at ${config.publicUrl}${DEMO_DATA_PATH}`);
    }
    if (config.isEmbeddedIdp) {
      const demoRoles = { userRole: config.userRole, operatorRole: operatorRoleOf(config.productId) };
      const demoUsers = await seedDemoUsers({ db: database.db, ...demoRoles });
      if (demoUsers.length > 0) log(describeDemoUsers(demoUsers, demoRoles));
      const agents = await seedDemoSupplier({ db: database.db });
      if (agents.length > 0) log(`The demo supplier sells for ${agents.length} more publishers`);
      const organisations = await seedDemoOrganisations(database.db);
      if (organisations.length > 0) log(`Demo organisations for ${organisations.join(', ')}`);
    }
    log(`Opening the search index in ${config.searchIndex.dir}`);
    searchIndex = await SqliteSearchIndex.open({
      dir: config.searchIndex.dir,
      database,
      workers: config.searchIndex.workers,
      consumerExpirySeconds: config.searchIndex.consumerExpirySeconds,
      warmSeconds: config.searchIndex.warmSeconds,
      mergeAfterChanges: config.searchIndex.mergeAfterChanges,
      settleSeconds: config.searchIndex.settleSeconds,
      writerNice: config.searchIndex.writerNice,
      log,
    });
    if (config.hasSandboxConnectors) sandboxes = await startSandboxConnectors({ db: database.db, log });
    if (config.isEmbeddedIdp && sandboxes?.urls.consumer && (await assignDemoBuyerConnector(database.db))) {
      log("The demo buyer receives Connector offers with the 'consumer' sandbox");
    }
    // ROLE=web queues jobs and edits schedules for the workers; ROLE=worker and all run them.
    const isWorking = config.role !== 'web';
    linkChecker = createLinkChecker({
      isWorking,
      databaseUrl,
      db: database.backgroundDb,
      settings: config.linkCheck,
      userAgent: `dsm-link-checker/1.0 (+${config.publicUrl})`,
      log: logQueueError,
    });
    harvests = createHarvestScheduler({
      isWorking,
      databaseUrl,
      db: database.backgroundDb,
      pace: yieldingTo(interactiveLoad),
      log: (message, details) => {
        if (isErrorLike(details)) logQueueError(message, details);
        else log(`${message}${details === undefined ? '' : ` ${JSON.stringify(details)}`}`);
      },
    });
    await harvests.start();
    if (isWorking) {
      billing = createBillingJobs({
        databaseUrl,
        db: database.db,
        commissionRate: config.commissionRate,
        marketplace: config.marketplaceParty,
        log,
      });
      await billing.start();
      alertJobs = createAlertJobs({
        databaseUrl,
        db: database.db,
        searchIndex,
        mailer: config.alerts.smtpUrl
          ? createAlertMailer({ smtpUrl: config.alerts.smtpUrl, from: config.alerts.mailFrom })
          : null,
        publicUrl: config.publicUrl,
        intervalSeconds: config.alerts.checkIntervalSeconds,
        pruneIntervalSeconds: config.alerts.pruneIntervalSeconds,
        retention: config.alerts.retention,
        log: (message, error) => (error === undefined ? log(message) : logQueueError(message, error)),
      });
      await alertJobs.start();
      crawlJobs = createCrawlJobs({
        databaseUrl,
        db: database.backgroundDb,
        intervalMinutes: config.crawlIntervalMinutes,
        onCrawled: () => invalidateFilterValues(database.db),
        log: (message, error) => (error === undefined ? log(message) : logQueueError(message, error)),
      });
      await crawlJobs.start();
    }
    jobQueues = superviseJobQueues({
      queues: [
        { name: 'link checker', start: linkChecker.start, stop: linkChecker.stop },
        { name: 'harvest', start: harvests.start, stop: harvests.stop },
        ...(billing ? [{ name: 'billing', start: billing.start, stop: billing.stop }] : []),
        ...(alertJobs ? [{ name: 'alerts', start: alertJobs.start, stop: alertJobs.stop }] : []),
        ...(crawlJobs ? [{ name: 'crawl', start: crawlJobs.start, stop: crawlJobs.stop }] : []),
      ],
      log,
    });
    const app = await buildApp({
      config,
      database,
      linkChecks: linkChecker,
      harvestSchedule: harvests,
      interactiveLoad,
      searchIndex,
      ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
    });
    await app.ready();
    // After buildApp, which sets the harvest's file rule the source is checked against. Only into the demo's own
    // folder: a HARVEST_FILE_DIR an operator names is theirs (and may be read-only).
    const demoHarvestDir = path.join(config.dataDir, 'harvest-sources');
    if (config.hasDemoData && config.harvest.fileDir === demoHarvestDir) {
      const fileDir = demoHarvestDir;
      await prepareDemoHarvestSource({ db: database.db, fileDir }).then(
        (isAdded) => isAdded && log(`The Harvest page offers a demo source to run, read from ${fileDir}`),
        (error: unknown) => log(`The demo harvest source was not prepared: ${describeError(error)}`),
      );
    }
    prepareApiDocument(app);
    await app.listen({ port: config.port, host: config.host });
    if (config.metrics) {
      metricsServer = await startMetricsServer({ metrics: app.metrics, ...config.metrics });
      log(`Prometheus metrics at ${metricsServer.url}`);
    }
    // Only now: a check of an endpoint the product serves itself (the demo files) would fail before it listens and
    // the files are written. Checks asked for meanwhile are recorded and queued by the start's first sweep.
    const checker = linkChecker;
    const linkCheckerStarting = demoFiles
      ? (async () => {
          try {
            const written = await demoFiles.ready;
            const sized = await recordDemoFileSizes(database.db, written.files);
            if (sized > 0) log(`Recorded the sizes of ${sized} demo endpoints`);
          } catch (error) {
            log(`The demo files are not served: ${describeError(error)}`);
          }
          await checker.start();
        })()
      : checker.start();
    // The demo files may still be written: the product serves meanwhile, and the checker starts when they are.
    if (demoFiles)
      linkCheckerStarting.catch((error: unknown) => logQueueError('The link checker did not start', error));
    else await linkCheckerStarting;
    // The auto-cancel of unpaid orders runs on an in-process timer, in the processes that run jobs.
    if (isWorking) orderJobs = startOrderJobs({ db: database.db, log });
    let stopping: Promise<void> | null = null;
    return {
      app,
      url: config.publicUrl,
      database,
      sandboxConnectorUrls: sandboxes?.urls ?? {},
      stop: () => {
        stopping ??= (async () => {
          // Ctrl-C in a terminal stops the embedded PostgreSQL too; it is not started again now.
          opened?.embedded.stopSupervising();
          // The listener stays open while requests under way finish and the kernel's queue empties: closing it
          // would reset the connections waiting there. New requests are answered 503 meanwhile.
          const deadline = Date.now() + SHUTDOWN_LIMITS.drainMs;
          app.shutdownGate.beginDraining();
          await app.shutdownGate.closeListenerWhenQuiet({ quietMs: SHUTDOWN_LIMITS.quietMs, deadline });
          const closing = app.close();
          // A connection accepted in the drain's last instant still gets a moment for its answer.
          if (!(await settlesWithin(closing, Math.max(SHUTDOWN_LIMITS.quietMs, deadline - Date.now())))) {
            log(`Requests still running after ${SHUTDOWN_LIMITS.drainMs} ms; closing their connections`);
            app.server.closeAllConnections();
            await settlesWithin(closing, 500);
          }
          await demoFiles?.stop();
          await settlesWithin(linkCheckerStarting, SHUTDOWN_LIMITS.jobsMs);
          await settlesWithin(jobQueues?.stop() ?? Promise.resolve(), SHUTDOWN_LIMITS.jobsMs);
          const jobs = Promise.allSettled([
            orderJobs?.stop(),
            harvests?.stop(),
            billing?.stop(),
            linkChecker?.stop(),
            alertJobs?.stop(),
            crawlJobs?.stop(),
          ]);
          if (!(await settlesWithin(jobs, SHUTDOWN_LIMITS.jobsMs))) {
            log(`Jobs still running after ${SHUTDOWN_LIMITS.jobsMs} ms are left to their retry`);
          }
          // Their rows are replaced on the next start when PostgreSQL is away now.
          await sandboxes?.stop().catch((error: unknown) => {
            log(`The sandbox connectors stay listed until the next start: ${describeError(error)}`);
          });
          await searchIndex?.close().catch(() => {});
          await metricsServer?.close();
          interactiveLoad.close();
          await settlesWithin(database.close(), SHUTDOWN_LIMITS.databaseMs);
          await opened?.embedded.stop();
        })();
        return stopping;
      },
    };
  } catch (error) {
    opened?.embedded.stopSupervising();
    await demoFiles?.stop();
    await jobQueues?.stop().catch(() => {});
    await orderJobs?.stop().catch(() => {});
    await harvests?.stop().catch(() => {});
    await billing?.stop().catch(() => {});
    await linkChecker?.stop().catch(() => {});
    await alertJobs?.stop().catch(() => {});
    await crawlJobs?.stop().catch(() => {});
    await sandboxes?.stop().catch(() => {});
    await searchIndex?.close().catch(() => {});
    await metricsServer?.close();
    interactiveLoad.close();
    await database.close().catch(() => {});
    await opened?.embedded.stop().catch(() => {});
    throw error;
  }
}

/** pg-boss hands its errors on as plain copies; harvest events and counts are not errors. */
function isErrorLike(details: unknown): boolean {
  return (
    details instanceof Error ||
    (typeof details === 'object' && details !== null && 'message' in details && 'stack' in details)
  );
}
