import { crawlConnectorEndpoint, crawlRunListEndpoint } from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoint } from '../../lib/register-endpoint';
import { invalidateFilterValues } from '../search/http/get-filter-values';
import { crawlConnector } from './crawl-connector';
import { requireCrawlOperator } from './crawl-operator-policy';
import { listCrawlRuns } from './list-crawl-runs';

/** The crawl of the data space: 'Crawl now' and the last runs per connector, operators only (one check). */
export const dataspaceCrawlRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireCrawlOperator);

  registerEndpoint(app, crawlConnectorEndpoint, {
    // The run is background work, as a harvest run is: its writes take no request's connection.
    config: { isBackgroundWork: true },
    handler: async (request, reply) => {
      const run = await crawlConnector({ db: app.database.backgroundDb, connectorId: request.params.connectorId });
      if (run.counts.added + run.counts.updated + run.counts.removed > 0) invalidateFilterValues(app.database.db);
      return reply.status(201).send(run);
    },
  });

  registerEndpoint(app, crawlRunListEndpoint, {
    handler: async (request) => listCrawlRuns(app.database.db, request.params.connectorId),
  });
};
