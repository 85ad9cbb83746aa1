import { publisherEndpoint } from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoint } from '../../lib/register-endpoint';
import { getPublisher } from './get-publisher';

/** Publishers' public pages. */
export const publisherRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, publisherEndpoint, {
    preHandler: app.rateLimits.search,
    handler: async (request) =>
      getPublisher({ db: app.database.readDb, searchIndex: app.searchIndex, encodedId: request.params.id }),
  });
};
