import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrorCode } from '@dsm/contracts';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { TConfig } from './config/config';
import type { TDatabaseHandle } from './db/database';
import { registerIdentityProvider } from './idp/index';
import { signInUnavailablePage } from './idp/pages/unavailable-page';
import { registerLoopbackAliasRedirect } from './idp/redirect-loopback-alias';
import { API_DOCS_PREFIX, registerApiDocument } from './lib/api-document';
import { registerCompression } from './lib/compression';
import { handleFrameworkError, isApiPath, registerErrorHandler, sendError, unusableUrlOf } from './lib/error-handler';
import { registerEventLoopMonitor } from './lib/event-loop-monitor';
import { createInteractiveLoad, type TInteractiveLoad } from './lib/interactive-load';
import { loggerOptions } from './lib/logger-options';
import { registerMetrics } from './lib/metrics';
import { configureOwnOrigin } from './lib/outbound/outbound-policy';
import { requestIdOf } from './lib/request-id';
import { inlineScriptHashes, registerSecurityHeaders } from './lib/security-headers';
import { registerServerTiming } from './lib/server-timing';
import { scheduleRateLimitCleanup } from './lib/shared-rate-limiter';
import { createUserRateLimit, type TUserRateLimit } from './lib/user-rate-limit';
import { acquisitionRoutes } from './modules/acquisitions/routes';
import { alertRoutes } from './modules/alerts/routes';
import { unsubscribeRoutes } from './modules/alerts/unsubscribe-routes';
import { registerAuthGuard } from './modules/auth/plugin';
import { authRoutes } from './modules/auth/routes';
import { connectorConsoleRoutes } from './modules/connector-console/routes';
import { configureConnectorAddressPolicy } from './modules/connectors/connector-address-policy';
import { configureConnectorTimeout } from './modules/connectors/connector-client-for';
import { configureConnectorSecretKey } from './modules/connectors/connector-secrets';
import { connectorRoutes } from './modules/connectors/routes';
import { removeCrawledOffers } from './modules/dataspace-crawl/remove-crawled-offers';
import { dataspaceCrawlRoutes } from './modules/dataspace-crawl/routes';
import { catalogExportRoutes } from './modules/dcat-export/routes';
import { deliveryRoutes } from './modules/deliveries/routes';
import { demoFilesDir } from './modules/demo-data/ensure-demo-files';
import { DEMO_DATA_PATH } from './modules/demo-data/point-offer-at-demo-files';
import { demoDataRoutes } from './modules/demo-data/routes';
import { configureDownloadSourcePolicy } from './modules/downloads/download-source-policy';
import { downloadRoutes } from './modules/downloads/routes';
import { gatewayRoutes } from './modules/gateway/gateway-routes';
import { gatewaySecrets } from './modules/gateway/gateway-secrets';
import { apiKeyRoutes } from './modules/gateway/routes';
import { configureHarvestLocations } from './modules/harvest/harvest-location-policy';
import type { THarvestScheduler } from './modules/harvest/harvest-scheduler';
import { harvestRoutes } from './modules/harvest/routes';
import { registerDatabaseGate } from './modules/health/database-gate';
import { healthRoutes } from './modules/health/routes';
import { registerShutdownGate } from './modules/health/shutdown-gate';
import { licenceRoutes } from './modules/licences/routes';
import { likeRoutes } from './modules/likes/routes';
import type { TLinkCheckQueue } from './modules/link-checker/request-link-checks';
import { metadataRoutes } from './modules/metadata/routes';
import { offerRoutes } from './modules/offers/routes';
import { orderRoutes } from './modules/orders/routes';
import { organisationConnectorRoutes } from './modules/organisation-connectors/routes';
import { organisationRoutes } from './modules/organisations/routes';
import { previewRoutes } from './modules/previews/routes';
import { publisherRoutes } from './modules/publishers/routes';
import {
  type ISearchIndex,
  openTemporarySearchIndex,
  readIndexLag,
  registerIndexCatchUp,
  searchRoutes,
} from './modules/search/search';

declare module 'fastify' {
  interface FastifyInstance {
    database: TDatabaseHandle;
    config: TConfig;
    /** Where endpoint checks are queued; null when no link checker runs in this process. */
    linkChecks: TLinkCheckQueue | null;
    /**
     * The scheduled harvests, told when sources change, and the queue of runs asked for (`runNow`, run by a worker);
     * null when no harvest queue runs in this process (a run asked for then takes place in the request).
     */
    harvestSchedule: (Pick<THarvestScheduler, 'sync'> & Partial<Pick<THarvestScheduler, 'runNow'>>) | null;
    /** The catalogue's search index. */
    searchIndex: ISearchIndex;
    /** Whether users are being served now: background work run by a request (harvests) gives way while they are. */
    interactiveLoad: TInteractiveLoad;
    /**
     * Per-user limits, as preHandlers of the routes they guard (SEARCH_RATE_LIMIT, ORDER_RATE_LIMIT), counted in
     * PostgreSQL for every server process of the database.
     */
    rateLimits: { search: TUserRateLimit; orders: TUserRateLimit };
  }
}

export type TBuildAppOptions = {
  config: TConfig;
  database: TDatabaseHandle;
  /** Folder of the built web app; defaults to apps/web/dist. Missing: the API runs without it. */
  webDistDir?: string;
  /** The running link checker's queue; without it, check requests wait for a checker to start. */
  linkChecks?: TLinkCheckQueue;
  /**
   * The running harvest scheduler; without it, schedules take effect when one starts, and a run asked for takes
   * place in the request.
   */
  harvestSchedule?: Pick<THarvestScheduler, 'sync'> & Partial<Pick<THarvestScheduler, 'runNow'>>;
  /**
   * The search index, opened and closed by the caller; without it the app opens one of its own in a
   * temporary folder, answering on the main thread, and removes it when it closes (tests, tools).
   */
  searchIndex?: ISearchIndex;
  /** The clock the API gateway judges entitlements by; tests pass a controlled one. */
  now?: () => Date;
  /**
   * What background work watches to give way to users, shared with the scheduled jobs of the process; without
   * it the app watches its requests and the requests' pool itself.
   */
  interactiveLoad?: TInteractiveLoad;
  /** Pino logger options, or false for none (tests); `stream` replaces standard output, for tests that read the log. */
  logger?: boolean | { level: string; stream?: NodeJS.WritableStream };
};

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the HTTP application: the same function serves production and the API tests. */
export async function buildApp(options: TBuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : typeof options.logger === 'object'
          ? loggerOptions(options.logger.level, options.logger.stream)
          : loggerOptions(options.config.logLevel),
    bodyLimit: 1024 * 1024,
    // Request ids come from the load balancer when present and safe, so a request can be followed across hops.
    requestIdHeader: false,
    genReqId: requestIdOf,
    forceCloseConnections: 'idle',
    frameworkErrors: handleFrameworkError,
    // The shutdown gate answers such requests with the common error body instead.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  configureConnectorSecretKey({ secretKey: options.config.connectorSecretKey, dataDir: options.config.dataDir });
  gatewaySecrets.configure({ secretKey: options.config.gateway.secretKey, dataDir: options.config.dataDir });
  configureConnectorAddressPolicy({ allowedHosts: options.config.connectorAllowedHosts });
  configureHarvestLocations({
    allowedHosts: options.config.harvest.allowedHosts,
    files: options.config.harvest.fileDir ?? null,
  });
  configureConnectorTimeout(options.config.connectorTimeoutMs);
  configureDownloadSourcePolicy({ allowedHosts: options.config.downloads.allowedHosts });
  configureOwnOrigin(options.config.hasDemoData ? options.config.publicUrl : null);
  app.decorate('database', options.database);
  app.decorate('config', options.config);
  app.decorate('linkChecks', options.linkChecks ?? null);
  app.decorate('harvestSchedule', options.harvestSchedule ?? null);
  const interactiveLoad = options.interactiveLoad ?? createInteractiveLoad({ pool: options.database.pool });
  interactiveLoad.track(app);
  app.decorate('interactiveLoad', interactiveLoad);
  if (!options.interactiveLoad) app.addHook('onClose', async () => interactiveLoad.close());
  if (options.searchIndex) {
    app.decorate('searchIndex', options.searchIndex);
  } else {
    const temporary = await openTemporarySearchIndex(options.database);
    app.decorate('searchIndex', temporary);
    app.addHook('onClose', () => temporary.remove());
  }
  app.decorate('rateLimits', {
    search: createUserRateLimit({
      name: 'searches',
      perMinute: options.config.rateLimits.searchPerMinute,
      pool: options.database.pool,
    }),
    orders: createUserRateLimit({
      name: 'orders',
      perMinute: options.config.rateLimits.ordersPerMinute,
      pool: options.database.pool,
    }),
  });
  const stopRateLimitCleanup = scheduleRateLimitCleanup(options.database.pool);
  app.addHook('onClose', async () => stopRateLimitCleanup());
  app.setValidatorCompiler(validatorCompiler);
  // Responses are typed by the contracts at compile time and checked by the API tests; parsing
  // every answer again with zod would cost more than the search itself at 1000 items a page.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  void serializerCompiler;
  registerErrorHandler(app, { unavailablePage: signInUnavailablePage });
  registerServerTiming(app);
  registerMetrics(app, { readIndexLag: () => readIndexLag(options.database.db, app.searchIndex.outboxConsumer) });
  registerEventLoopMonitor(app, { thresholdMs: options.config.eventLoopStallMs });
  const webDist = options.webDistDir ?? DEFAULT_WEB_DIST;
  const indexHtml = path.join(webDist, 'index.html');
  const hasWeb = existsSync(indexHtml);
  await registerSecurityHeaders(app, options.config, hasWeb ? inlineScriptHashes(readFileSync(indexHtml, 'utf8')) : []);
  await registerCompression(app);
  registerShutdownGate(app);
  registerDatabaseGate(app);
  registerIndexCatchUp(app);
  if (options.config.isEmbeddedIdp) registerLoopbackAliasRedirect(app, options.config);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Data marketplace API',
        version: '0.1.0',
        description: 'Catalogue search, offers, licences, orders and connectors of the data marketplace.',
      },
    },
    transform: jsonSchemaTransform,
  });
  registerApiDocument(app);
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PREFIX });

  await registerAuthGuard(app);
  await app.register(healthRoutes);
  if (options.config.role === 'worker') {
    // A process that only runs the background jobs answers its health checks, nothing else.
    app.setNotFoundHandler((request, reply) =>
      sendError(
        reply,
        request,
        ErrorCode.NOT_FOUND,
        `No route ${request.method} ${request.url.split('?')[0]}: this process runs background jobs only (ROLE=worker)`,
      ),
    );
    return app;
  }
  app.decorate(
    'idp',
    await registerIdentityProvider(app, {
      config: options.config,
      db: options.database.db,
      pool: options.database.pool,
    }),
  );
  await app.register(authRoutes);
  await app.register(searchRoutes);
  await app.register(licenceRoutes);
  await app.register(offerRoutes);
  await app.register(organisationRoutes);
  // A removed connector's crawled offers go with it, through the catalogue, so the search index follows.
  await app.register(organisationConnectorRoutes, { onConnectorRemoving: removeCrawledOffers });
  await app.register(metadataRoutes);
  await app.register(previewRoutes);
  await app.register(likeRoutes);
  await app.register(acquisitionRoutes);
  await app.register(connectorRoutes, { onConnectorRemoving: removeCrawledOffers });
  await app.register(connectorConsoleRoutes);
  await app.register(deliveryRoutes);
  await app.register(downloadRoutes);
  await app.register(orderRoutes);
  await app.register(harvestRoutes);
  await app.register(dataspaceCrawlRoutes);
  await app.register(catalogExportRoutes);
  await app.register(publisherRoutes);
  if (options.config.hasDemoData) await app.register(demoDataRoutes, { dir: demoFilesDir(options.config.dataDir) });
  await app.register(apiKeyRoutes, options.now ? { now: options.now } : {});
  await app.register(gatewayRoutes, options.now ? { now: options.now } : {});
  await app.register(alertRoutes);
  await app.register(unsubscribeRoutes);

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The web build ships .br/.gz twins of its files (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const unusable = unusableUrlOf(request);
    if (unusable) {
      // The web app shows its own 'nothing here' for the address the browser still has.
      if (unusable.isPage && hasWeb) return reply.code(404).header('cache-control', 'no-cache').sendFile('index.html');
      return sendError(reply, request, ErrorCode.VALIDATION_FAILED, unusable.message);
    }
    const url = request.url;
    // A build file that is not there (a chunk of an older deploy) fails as a file instead of arriving
    // as the HTML page, so the app sees a failed import and offers a reload.
    const isPage = !isApiPath(url) && !url.startsWith('/assets/') && !url.startsWith(DEMO_DATA_PATH);
    if (isPage && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // Client-side routes: the web app decides what a path shows.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, request, ErrorCode.NOT_FOUND, `No route ${request.method} ${url.split('?')[0]}`);
  });

  return app;
}
