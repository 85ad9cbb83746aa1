import { licenceCreateEndpoint, licenceListEndpoint } from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoint } from '../../lib/register-endpoint';
import { createLicence } from './create-licence';
import { listLicences } from './list-licences';

export const licenceRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, licenceListEndpoint, {
    handler: async () => listLicences(app.database.readDb),
  });

  registerEndpoint(app, licenceCreateEndpoint, {
    handler: async (request, reply) => {
      const licence = await createLicence({ db: app.database.db, licence: request.body, userId: request.user.id });
      return reply.status(201).send(licence);
    },
  });
};
