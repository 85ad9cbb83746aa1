import { acquisitionListEndpoint, ZAcquisitionListResponse } from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAcquisitions } from './list-acquisitions';

export const acquisitionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: acquisitionListEndpoint.method,
    url: acquisitionListEndpoint.path,
    schema: {
      tags: ['acquisitions'],
      summary: 'The offers the signed-in user acquired, latest first (at most 500)',
      response: { 200: ZAcquisitionListResponse },
    },
    handler: async (request) => listAcquisitions(app.database.db, request.user.id),
  });
};
