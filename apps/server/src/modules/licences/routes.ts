import { licenceListEndpoint, ZLicenceListResponse } from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listLicences } from './list-licences';

export const licenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: licenceListEndpoint.method,
    url: licenceListEndpoint.path,
    schema: {
      tags: ['licences'],
      summary: 'The licence catalogue, with the alternative names each licence is matched by',
      response: { 200: ZLicenceListResponse },
    },
    handler: async () => listLicences(app.database.readDb),
  });
};
