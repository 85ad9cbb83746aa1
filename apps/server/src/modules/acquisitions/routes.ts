import { acquisitionListEndpoint } from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoint } from '../../lib/register-endpoint';
import { listAcquisitions } from './list-acquisitions';

export const acquisitionRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, acquisitionListEndpoint, {
    handler: async (request) => listAcquisitions(app.database.db, request.user.id),
  });
};
